//! Link flags for a Node addon (the napi symbols are resolved by node when it loads the library).

fn main() {
    napi_build::setup();
}
