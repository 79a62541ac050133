//! An edit made already and sent again: refused as `already_applied` wherever a loose match
//! lands, never made twice. (Requests that are already done as sent: `requests.rs`.)

mod found_elsewhere;
mod over_line_end_space;
