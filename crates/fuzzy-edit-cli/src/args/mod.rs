//! From the command line to settings, in two steps as ripgrep does: [`flags`] holds the raw
//! clap types, exactly what was typed (and the `--help` text); [`settings`] resolves them into
//! what the commands run, reading the input files on the way, into the [`Request`] `apply`
//! runs.

mod flags;
mod request;
mod settings;
pub(crate) mod values;

pub use flags::Flags;
pub use request::Request;
pub use settings::{ApplySettings, McpSettings, Settings};
