//! The subcommands, one module each: [`apply`] (also `check`, which is `apply` without the
//! writes), [`pipe`] (JSON Lines requests on stdin) and [`mcp`] (an MCP server over stdio).
//! Each takes resolved settings and returns the process exit code.

pub mod apply;
pub mod man;
pub mod mcp;
pub mod pipe;
mod pipe_request;
mod readable_id;
