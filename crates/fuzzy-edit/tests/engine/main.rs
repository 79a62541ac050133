//! The engine's behaviour through its public API: one integration-test binary, one module per
//! behaviour. Every test asserts the exact resulting text, or the exact error kind
//! (`err.kind()`), and the reported lines where they matter.

mod support;

mod already_applied;
mod ambiguity;
mod anchor_and_replace_all;
mod artifacts;
mod blank_lines;
mod blocks_read_elsewhere;
mod bounded_work;
mod cut_lines;
mod decoded_old_with_slips;
mod differences_reported;
mod drifted_blocks;
mod edge_lines;
mod elided_lines;
mod escapes;
mod exact;
mod feedback;
mod file_formats;
mod generate;
mod kept_lines_copied_otherwise;
mod lazy_snippets;
mod line_endings;
mod lines_changed_since;
mod look_alike_blocks;
mod makefile_recipes;
mod markers_on_both_sides;
mod markup_edits;
mod misremembered_blocks;
mod misremembered_lines;
mod mistyped_lines;
mod must_refuse;
mod near_twins;
mod new_side;
mod numbered_one_line;
mod numbered_places;
mod old_misses_lines;
mod olds_slipped_indent;
mod pinned_places;
mod properties;
mod requests;
mod several_edits;
mod siblings_a_letter_off;
mod slipped_line_structure;
mod slips_beside_other_habits;
mod snippet_far_pairs;
mod snippet_kept_look_alike;
mod snippet_shapes;
mod snippet_stale_edges;
mod stale_blocks;
mod syntax_policy;
mod verified_merges;
mod whitespace;
mod wrapped_lines_with_slips;
