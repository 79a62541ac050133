//! Every numeric threshold of the engine's judgement, one name per idea, each with the
//! measurement behind it (or "not measured", where none was made). A threshold is a figure
//! that decides whether an edit is applied, refused or read one way or another; sizes that
//! only bound work (budgets, caps on what a refusal lists) live beside the code they bound,
//! except the two that bound a rule's own work (marked so). Not here yet: the strategies' and
//! `fit`'s other constants, and `new`'s cleaning's (`artifacts/`), each with its figures in
//! its file.
//! The rules' thresholds are grouped by the rule (`rules/<rule>.rs`) that reads them.
//!
//! Measurements name their benchmark: the accuracy gate (`cargo run --release -q -p accuracy
//! -- --gate`), the refuse generator and the attack benchmark (docs/benchmarks.md).

/// Lines at least this alike (0..1, `align::line_similarity` or its bounded form), opposite
/// each other in a changed region of a line diff, are the same line rewritten (or
/// misremembered), as opposed to another line the diff happened to set opposite it. One idea,
/// read by the fit stage (`fit/frame.rs`, `shifted.rs`, `indent_chars.rs`, `skipped_lines.rs`,
/// `retyped_quotes.rs`, `merge/agreement.rs`), by `new`'s cleaning (`artifacts/punctuation`,
/// `artifacts/elisions/readings.rs`) and by `line_slips`. Measured:
/// - the merge's misremembered line (accuracy benchmark): 0.3 identical; 0.7 −2 exact
///   (harnesskit); 0.9 −24 exact (`typo_context`) and −2 (harnesskit);
/// - a real line sharing only part of a replaced line's words, read as its rewrite (the gate,
///   `elision_new_only` / `ellipsis_new_only` exact, 0 wrong throughout): words alone 582 /
///   217; at 0.8 592 / 219, 0.7 600 / 222, 0.6 610 / 227, 0.5 616 / 228, 0.4 618 / 228 (on a
///   copy of the cases with `old` as the whole file);
/// - for `skipped_lines.rs` the stricter `STANDS_FOR` (0.8) decides which line `new` keeps; this one
///   only pairs rewrites.
pub(crate) const REWRITTEN_LINE: f64 = 0.5;

// The `not_repeating_neighbours` rule.

/// Fewest non-blank lines `new` must repeat: one line repeats by chance (`}`, `break;`).
/// Not measured.
pub(crate) const MIN_REPEATED_LINES: usize = 2;

// Choosing among candidates (`one_candidate`, `clear_lead`).

/// Runners-up `choose_graded` asks whether they leave the same text, at most.
/// Measured with the rule off (docs/design.md, "same result"): perturbed 27,018 exact (−38:
/// `line_extra` −29, `line_missing` −9), real-patch 52 (−2); the cap of 8 itself not swept.
pub(crate) const MAX_EXTENTS_ASKED: usize = 8;

// The `syntax` rule: the syntax guard.

/// Texts larger than this are not checked by the syntax guard. (Large texts are parsed in a
/// window around the edit, `syntax/window.rs`; this bounds the work of finding it and of the
/// model's-own-change check, which copies the text.)
/// A bound on work, not measured for accuracy.
pub(crate) const SYNTAX_MAX_BYTES: usize = 64 << 20;

// The `not_stale` rule.

/// Unchanged lines that may stand between a line changed since and the edit's change for
/// `near_change_changed_since` to refuse: none or one, as where `git merge` would see the
/// two changes touch (the edit's hunk and the file's). Further off, the edit merges as git
/// merges it, keeping the file's line: harnesskit's `stale_context_go_error_handling` (two
/// lines of the file changed since, two lines above the edit) is applied that way. Measured
/// on the refuse generator's `stale_half` blocks merged one line changed: 0 or 1 line between
/// in all 45 of the three seeds (1,000 cases each).
pub(crate) const MAX_LINES_BETWEEN: usize = 1;

/// Tokens a line may have for `changed_since` to look at it: past this, the
/// common-subsequence table is not worth building (and such a line is no one-line slip).
/// A bound on work, not measured for accuracy.
pub(crate) const STALE_LINE_MAX_TOKENS: usize = 256;

/// Fewest characters a name must gain for `renamed`: a letter or two (`item`, `items`;
/// `len`, `len2`) is a slip of memory.
/// Not measured.
pub(crate) const MIN_ADDED_CHARS: usize = 4;

/// Fewest characters of the shorter name for `renamed`: shorter names (`i`, `id`) stand in
/// many longer ones by chance.
/// Not measured.
pub(crate) const MIN_RENAMED_CHARS: usize = 3;

/// Fewest tokens that must differ for `rewritten`: a one-token line misremembered as another
/// token shares nothing, yet is a slip.
/// Not measured.
pub(crate) const MIN_REWRITTEN_TOKENS: usize = 3;

/// Fewest characters of a name for `name_read_elsewhere` to weigh it.
/// Measured (`refuse-bench/run.py BIN sN.jsonl`, 1,000 cases per class; seeds 1-3 and seed 41,
/// whose failures the rule was drawn from): `foreign` left applied 42 over the four seeds, of
/// which a name joined by case or `_` catches 25 at 5 to 8 characters, 22 at 10 (by case
/// alone, with seed 42's 7 before the rule: 26 of 49 at 5 to 8, 23 at 10); no `legit_typo`,
/// `legit_indent` or `legit_token` case of seeds 1, 3 and 41 has such a name at any of these
/// lengths (without the compound condition, 443 `legit_token` cases of seeds 1, 3 and 41
/// would at 5: the generator's plain `value`, `result`). Applied, by case alone: `foreign`
/// 11 / 1 / 5 / 25 -> 11 / 1 / 4 / 5 (seeds 1 / 2 / 3 / 41; seed 1's are `_` names of
/// generated type lists), and on held-out seed 42, never looked at, 7 -> 2; legit classes
/// unchanged on all five. The gate, the independent apply and the attack benchmarks:
/// unchanged.
pub(crate) const MIN_FOREIGN_NAME_CHARS: usize = 5;

/// Most character edits between the name and a name of the block for it to be a slip of that
/// name (a letter changed, two swapped): then it was misremembered, not read elsewhere.
/// Not measured (the slip of `typo_line`, 2 edits).
pub(crate) const MAX_SLIP_EDITS: usize = 2;

/// Fewest characters of a word (in `old` and in the file) for `slip_of` to read it as a slip
/// of memory rather than another word: shorter words (`i`, `id`, `len`) are other names one
/// letter off. At 4, the gate's `typo_many` went 6 -> 166 exact of 193 with nothing else
/// moved (0 wrong); 3 and 5 not swept.
pub(crate) const MIN_SLIPPED_WORD: usize = 4;

// Elided `old`s (`strategy/elision/slipped_pieces.rs`).

/// Most character edits (loose keys) between a line of a piece of an elided `old` and the
/// file's line for the piece to be found there with that line a slip: as `typo_line`'s
/// `MAX_EDITS`. Not swept.
pub(crate) const MAX_PIECE_SLIP_EDITS: usize = 2;

/// Shortest slipped line of a piece (characters of its loose key, indentation aside); shorter
/// lines (`}` for `)`, `end`) are other tokens, as `typo_line`'s `MIN_SLIPPED_CHARS` says.
/// Measured on the gate's `elision_slipped` (a letter off in the line before or after the
/// marker, both sides): 0 -> 624 exact of 691 (refused 684 -> 57), no other case of the gate
/// moved, 0 wrong; other lengths not swept.
pub(crate) const MIN_SLIPPED_PIECE_LINE: usize = 8;

/// Lines of `old` (non-blank) differing from the block, at least, for it to be stale.
/// Measured on generated half-rewritten blocks: wrong 21 -> 8 (the rest land on a sibling
/// block), no must-apply case of that generator or the gate moved. (At 1, every one-slip rewrite
/// would be refused.)
pub(crate) const MIN_STALE_LINES: usize = 2;

/// Fewest lines in a row of `old` that the file has nowhere for `lines_read_elsewhere`: one
/// line is a line made up (the gate's `line_extra`: 912 exact of 997).
pub(crate) const MIN_RUN_READ_ELSEWHERE: usize = 2;

// The `not_only_respaced` rule.

/// Most character edits between a line of `old` and its line of `new` read as a slip of
/// memory rather than the edit. Without the exception the gate lost 87 exact results of real
/// whitespace-only patches sent with a one-letter slip in `old` (`typo_old_only` 1019 -> 988,
/// `typo_edge` 819 -> 800, `typo_changed` 971 -> 940, `typo_single_line` 242 -> 236); with
/// it none. block_anchor's slips are 2 edits at most.
pub(crate) const MAX_RESPACED_SLIP_EDITS: usize = 2;

// The `not_made_elsewhere` rule.

/// Shortest `new` line (trimmed, in bytes) that, standing elsewhere as written, tells the edit
/// was made there. The resend generator takes one-line edits of 12 characters or more; the
/// renamed Kotlin and tox.ini lines have 17 and 26.
pub(crate) const MIN_TELLING_LEN: usize = 12;

// The `elision_start` rule.

/// Least similarity (normalized Levenshtein of loose keys) of a line of `new` to the file's
/// line it stands for, to read it as that line changed. The license header's changed line
/// scores 0.98 (one digit of 56 characters); an unrelated comment line inserted there scores
/// under 0.5. Not swept.
pub(crate) const ELISION_START_ALIKE: f64 = 0.8;

// The `no_twin_copied` rule.

/// How many character edits further from `old` than the chosen block a twin may be and still
/// rival it (as `block_anchor`'s `TWIN_MARGIN`: fewer than 3 edits further). Measured
/// (`refuse-bench/run.py BIN sN.jsonl`, 1,000 cases per class and seed): `twin_slip` applied
/// 3 / 1 / 5 -> 1 / 0 / 1 (seeds 1 / 2 / 3), `legit_typo`, `legit_indent`, `legit_token` exact
/// unchanged. The attack benchmark: `MR_chimera_synth` s2:1347 (found through the decoded
/// needle; the request's `old` has the twin's line) and `MR_stale_half` s3:2401 refused,
/// apply cases unchanged; the gate and the independent apply benchmark unchanged.
pub(crate) const TWIN_REACH: usize = 2;

/// Places a differing line of `old` may stand elsewhere for its twins to be weighed: a line
/// found more often is a common line (`}`), which places nothing. At 64 (an empty doc
/// attribute slipped in a twin, dozens per generated file, is weighed) `twin_slip` went
/// 1 / 0 / 1 -> 1 / 0 / 0 but the attack benchmark lost 3 exact edits: kept at 4.
pub(crate) const TWIN_MAX_PLACES: usize = 4;

// The `not_skipping_lines` rule.

/// Fewest non-blank lines of the block, in a row, missing from `old` for the rule to refuse. One is a line forgotten (the gate's `line_missing`: 1 line of 5 or more left out
/// of both sides, applied exactly). Measured with 2 (`refuse-bench/run.py BIN sN.jsonl`, 1,000
/// cases per class and seed): `foreign` applied 23 / 1 / 7 -> 11 / 1 / 6 (seeds 1 / 2 / 3);
/// `legit_typo`, `legit_indent`, `legit_token` exact unchanged (851 / 870 / 882, 931 / 946 /
/// 956, 392). The gate: perturbed unchanged (36,251 exact); harnesskit one located edit
/// refused (a Java controller that gained two annotation lines since it was read). The
/// independent apply benchmark (11,817 exact + 54 sound) and the attack benchmark unchanged.
pub(crate) const MIN_RUN_SKIPPED: usize = 2;
