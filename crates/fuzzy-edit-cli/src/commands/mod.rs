//! The subcommands, one module each: [`apply`] (also `check`, which is `apply` without the
//! writes), [`pipe`] (JSON Lines requests on stdin), [`mcp`] (an MCP server over stdio) and
//! [`read`] (a file, with line references for line-addressed edits) and [`verify`] (a merge
//! of a lazy snippet made elsewhere).
//! Each takes resolved settings and returns the process exit code.

pub mod apply;
pub(crate) mod closest_refs;
pub mod man;
pub mod mcp;
pub mod pipe;
mod pipe_answer;
pub(crate) mod pipe_json;
mod pipe_lines;
mod pipe_request;
mod pipe_stages;
pub mod read;
mod readable_id;
pub mod verify;
