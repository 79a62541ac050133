//! Every numeric threshold of the engine's judgement, one name per idea, each with the
//! measurement behind it (or "not measured", where none was made). A threshold is a figure
//! that decides whether an edit is applied, refused or read one way or another; sizes that
//! only bound work (budgets, caps on what a refusal lists) live beside the code they bound,
//! except those that a rule reads (marked so).
//! The rules' thresholds are grouped by the rule (`rules/<rule>.rs`) that reads them, then the
//! strategies', the fit stage's and those of the cleaning of `new` (`artifacts/`) by the file
//! that reads them. A threshold whose figures were not recorded when it was set says so.
//!
//! Measurements name their benchmark: the accuracy gate (`cargo run --release -q -p accuracy
//! -- --gate`), the refuse generator and the attack benchmark (docs/benchmarks.md).

/// Lines at least this alike (0..1, `align::line_similarity` or its bounded form), opposite
/// each other in a changed region of a line diff, are the same line rewritten (or
/// misremembered), as opposed to another line the diff happened to set opposite it. One idea,
/// read by the fit stage (`fit/frame.rs`, `shifted.rs`, `indent_chars.rs`, `skipped_lines.rs`,
/// `retyped_quotes.rs`, `merge/agreement.rs`), by `new`'s cleaning (`artifacts/punctuation`,
/// `artifacts/elisions/readings.rs`), by `line_slips` and by `entities_in_file` (pairing a
/// line of `new` with the line of `old` it rewrites). Measured:
/// - the merge's misremembered line (accuracy benchmark): 0.3 identical; 0.7 −2 exact
///   (harnesskit); 0.9 −24 exact (`typo_context`) and −2 (harnesskit);
/// - a real line sharing only part of a replaced line's words, read as its rewrite (the gate,
///   `elision_new_only` / `ellipsis_new_only` exact, 0 wrong throughout): words alone 582 /
///   217; at 0.8 592 / 219, 0.7 600 / 222, 0.6 610 / 227, 0.5 616 / 228, 0.4 618 / 228 (on a
///   copy of the cases with `old` as the whole file);
/// - for `skipped_lines.rs` the stricter `STANDS_FOR` (0.8) decides which line `new` keeps; this one
///   only pairs rewrites.
pub(crate) const REWRITTEN_LINE: f64 = 0.5;

/// Line-level strategies stop collecting windows past this many: the edit is ambiguous anyway,
/// and the `choose` rule refuses `replace_all` over more than this many blocks (the exact
/// strategy has no such limit). A bound on work that a rule reads (marked so), not measured: a
/// thousand places is far past any edit meant, and a refusal lists ten of them.
pub(crate) const MAX_WINDOWS: usize = 1000;

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
/// in all 45 of the three seeds (1,000 cases each). In a block of one or two lines changed in
/// place and no sibling, only a line the edit touches or one right beside counts
/// (`not_stale/lone_block.rs`).
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

/// Shortest name `foreign_name` (`rules/not_stale.rs`) looks for: shorter words (`len`,
/// `buf`) are too common for their absence to say much.
pub(crate) const MIN_FOREIGN_NAME: usize = 4;

// The `cut_lines` rule.

/// Fewest bytes of a run that what `new` writes past `old`'s piece shares with the line's part
/// outside the match, for it to read as that part with a change (besides half the part):
/// ` + ` of ` + c` and ` + b` is what an in-line insertion writes too.
/// Not measured.
pub(crate) const MIN_SHARED_RUN: usize = 8;

// Elided `old`s (`strategy/elision/slipped_pieces.rs`).

/// Most character edits (loose keys) between a line of a piece of an elided `old` and the
/// file's line for the piece to be found there with that line a slip of memory (one such line
/// in all of `old`, writing the file's numbers; typing slips besides are not counted here): as
/// `typo_line`'s `MAX_EDITS`. Not swept.
pub(crate) const MAX_PIECE_SLIP_EDITS: usize = 2;

/// Shortest slipped line of a piece (characters of its loose key, indentation aside); shorter
/// lines (`}` for `)`, `end`) are other tokens, as `typo_line`'s `MIN_SLIPPED_CHARS` says.
/// Measured on the gate's `elision_slipped` (a letter off in the line before or after the
/// marker, both sides): 0 -> 624 exact of 691 (refused 684 -> 57), no other case of the gate
/// moved, 0 wrong; other lengths not swept.
pub(crate) const MIN_SLIPPED_PIECE_LINE: usize = 8;

/// Shortest word of a piece's slipped line that, written where the file's line has another and
/// standing elsewhere in the file, makes the line another thing of the file rather than a slip
/// of memory (`argv` for `argc`; a shorter one, `x` for the file's `i`, is as often a letter
/// off). Measured on the gate's `elision_slipped` (a letter of a line beside the marker made
/// an `x`): 655 exact of 691 before; any length (and any quoted literal, see
/// [`MAX_SHORT_LITERAL`]) 567; 3 (and short literals) 650.
pub(crate) const MIN_OTHER_NAME: usize = 3;

/// Longest quoted literal of a piece's slipped line read as a value rather than text: `"b"` for
/// the file's `"c"`, `'a'` for `'b'` name another field or character; a letter off in a
/// longer string (`"Hexlo"`) is a slip of it. Figures in [`MIN_OTHER_NAME`].
pub(crate) const MAX_SHORT_LITERAL: usize = 3;

/// How alike (on average over its non-blank lines, each at least as alike) the lines an elision
/// marker covers must hold a later piece of `old` for them to be its block changed since
/// (`strategy::elision::near_copies`; half its lines at least as written). Figures in that
/// module; 0.75 was not swept.
pub(crate) const NEAR_COPY_FLOOR: f64 = 0.75;

/// Lines of `old` (non-blank) differing from the block, at least, for it to be stale.
/// Measured on generated half-rewritten blocks: wrong 21 -> 8 (the rest land on a sibling
/// block), no must-apply case of that generator or the gate moved. (At 1, every one-slip rewrite
/// would be refused.)
pub(crate) const MIN_STALE_LINES: usize = 2;

/// Places of a line of `old` the block differs on that `not_stale` looks at for the same line
/// beside one of `old`'s elsewhere (a sibling block); past this, the line is taken as read
/// elsewhere. A bound on work, not measured for accuracy.
pub(crate) const MAX_PLACES_ASKED: usize = 16;

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

/// How many character edits further from `old` than the chosen block a twin may be and still
/// rival it when it differs from `old` in no more lines than the block (its own line a number,
/// a name suffix, an argument off: 1-7 edits). The attack set (outside the repository, 9,424 cases):
/// `twin_unequal` (two copies of a block, each with another line changed; `old` the block as
/// it was) 2 wrong of 200 -> refused (the twins 4 edits off, the blocks 1), `stale_3_typo` 1
/// wrong -> refused; the one apply case it refused besides (a PHP docblock whose line's
/// trailing comment `old` left out, the twin's signature another function, 32 edits) is
/// kept at 8.
pub(crate) const TWIN_LINE_REACH: usize = 8;

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

// The `block_anchor` strategy (`strategy/block_anchor.rs` and its folder).

/// Lowest block similarity accepted. Chosen on the accuracy benchmark (see the README).
pub(crate) const BLOCK_ANCHOR_FLOOR: f64 = 0.8;

/// How far the best window must lead the runner-up (seed 002's confidence margin).
pub(crate) const BLOCK_ANCHOR_MARGIN: f64 = 0.1;

/// Windows may have this many lines more or fewer than `old`. No figure was recorded with it.
pub(crate) const MAX_LINE_DELTA: usize = 2;

/// A block holding all of `old`'s lines in order within this many times its length is a rival.
/// No figure was recorded with it.
pub(crate) const SUBSEQUENCE_SPAN: usize = 3;

/// Smallest share of middle lines that must be (loosely) equal for a window to be a candidate.
/// No figure was recorded with it.
pub(crate) const MIN_MIDDLE_EQUAL: f64 = 0.5;

/// How alike a slipped anchor line must be to `old`'s (see `slipped_anchor_windows`).
/// No figure was recorded with it.
pub(crate) const SLIPPED_ANCHOR: f64 = 0.8;

/// Most character edits `old` may be from a block for the distance margin to prefer that block
/// to a near twin elsewhere (see `closest_by_edits`). No figure was recorded with it.
pub(crate) const TWIN_MAX_EDITS: usize = 2;

/// How many edits further from `old` than the closest block a near twin elsewhere must be.
/// No figure was recorded with it.
pub(crate) const TWIN_MARGIN: usize = 3;

/// How many edits further a window over the same lines (another extent of the closest window)
/// must be; it must also be twice as far. No figure was recorded with it.
pub(crate) const EXTENT_MARGIN: usize = 2;

/// How alike (block similarity) a window with both anchor lines of `old` must be to `old` to be
/// its block changed since (figures in the module docs).
pub(crate) const STALE_FLOOR: f64 = 0.6;

/// Fewest characters a file line must add to a line of `old` to stand for it extended: a word
/// part (`_in`, `upd_`), not a letter (a slip). The refuse generator's renames add 7
/// (`revised`), attack's 4 (`upd_`); with 3, the legitimate classes above are unchanged.
pub(crate) const SHORTEST_INSERT: usize = 3;

/// Names of `old` missing from a window, at least, for the window to be another block.
/// No figure was recorded with it.
pub(crate) const MIN_NAMES_MISSING: usize = 3;

/// Fewest characters of a name that tells one block from another (`block_anchor/names.rs`,
/// `source_lines.rs`): shorter words (`i`, `id`, `fn`) stand in many blocks by chance.
/// Not measured.
pub(crate) const MIN_NAME_CHARS: usize = 3;

// The `typo_line` strategy (`strategy/typo_line.rs`).

/// Shortest line (in characters, trimmed) this strategy judges: shorter lines are too often
/// one edit from another line. No figure was recorded with it.
pub(crate) const TYPO_LINE_MIN_CHARS: usize = 25;

/// Most edits between `old`'s line and the file's. No figure was recorded with it.
pub(crate) const TYPO_LINE_MAX_EDITS: usize = 2;

/// How many edits further every other line must be than the best. No figure was recorded with it.
pub(crate) const TYPO_LINE_MARGIN: usize = 3;

/// Most non-blank lines of a block `typo_line` judges: longer blocks are `block_anchor`'s,
/// whose windows need half their middle lines equal and so see no slip in a block of two or
/// three. No figure was recorded with it.
pub(crate) const TYPO_BLOCK_MAX_LINES: usize = 3;

/// Shortest line (in characters, trimmed) of a block that may be a slip: `}` for `)` is
/// another token, not a slip of the pen. No figure was recorded with it.
pub(crate) const TYPO_BLOCK_MIN_SLIPPED_CHARS: usize = 8;

// The `line_slips` strategy (`strategy/line_slips.rs` and its folder).

/// Most slips an alignment may have: a line copied twice and then swapped with its neighbour
/// is two (attack `combo_dup_reorder`: 25 of 141 more exact at 2).
pub(crate) const MAX_SLIPS: usize = 2;

/// How many slips more than the best alignment another must have: a rival closer than that
/// is another reading of `old`, and the edit is passed on. (Not swept on its own: measured with
/// the rules beside it, attack WRONG and must-refuse unchanged, refuse generator unchanged.)
pub(crate) const SLIPS_RIVAL_MARGIN: usize = 1;

/// Most lines of the file an alignment may leave out: a second is how a line of `old` from a
/// near twin (`chimera`) finds a place two lines from the rest (at 2: attack seed 2
/// `MR_chimera_synth` applied once).
pub(crate) const MAX_LEFT_OUT: usize = 1;

/// Fewest characters (loose keys, together) of `old`'s non-blank lines: a short `old` is too
/// often a slip away from lines of another block. No figure was recorded with it.
pub(crate) const LINE_SLIPS_MIN_CHARS: usize = 25;

/// Most character edits between a left-out line and the line of `old` beside it for the one to
/// be a slip of the other: one letter changed, or two letters swapped (two edits).
/// Measured (`refuse-bench/run.py BIN sN.jsonl`, 1,000 cases per class): `twin_slip` applied
/// at the twin by this strategy 1 / 0 / 0 -> 0 / 0 / 0 (seeds 1 / 2 / 3; 0 before and after on
/// seeds 41 and 42), legit classes unchanged on all five seeds; the gate and the independent
/// apply benchmark unchanged.
pub(crate) const SLIPPED_COPY_MAX_EDITS: usize = 2;

/// Fewest characters (loose key) the two lines must have: short lines (`}`, `});`) are a few
/// edits from one another without being copies. No figure was recorded with it.
pub(crate) const SLIPPED_COPY_MIN_CHARS: usize = 12;

// The `elision` strategy (`strategy/elision/`).

/// Least character similarity (loose keys) for a line `new` writes beside its marker, not
/// one of `old`'s, to count as a rewrite of a line `old`'s marker elides (when it is also
/// more like that line than like any line `old` shows beside its marker). Measured at 0.6
/// (a generator of edits inside an elided span; accuracy `--gate`): the rewritten lines of its
/// 120 cases are 0.5-0.7 like their line in 15 of 135 checks, 0.85 or
/// more in 113; those cases 0 -> 96 exact, 99 -> 0 wrong; the gate's `elision`
/// class 947 -> 946 exact (a new import line 0.64 like an elided one, now refused), 0 wrong.
/// Without the condition that `new` keeps `old`'s line beside the marker, 5 gate cases were
/// refused (rewrites of that line taken for rewrites of elided ones).
pub(crate) const REWRITE_OF_ELIDED: f64 = 0.6;

// The fit stage (`fit/`).

/// How alike a line of `new` must be to a line `old` left out to stand for it. At 0.5 it
/// also paired `use unicode_width::…` with `use unicode_segmentation::…` (perturbed
/// `line_missing`: 3 cases applied short of the file's line); at 0.8 the adversarial
/// generator's lines-missing cases went from 179 refused of 329 to 58, 0 OTHER, gate unchanged.
pub(crate) const STANDS_FOR: f64 = 0.8;

/// Rewritten lines at least this alike keep most of their content: moved one unit alike, with
/// no line kept, they were pasted a level off, not re-indented (a model that moves a line
/// into or out of a block rarely renames it on the way). Measured with the rule: gate
/// `indent_new_only` +33 exact, nothing else moved (real-patch/real-replace unchanged); on the
/// adversarial generator, part of 163 OTHER -> exact of the first commit, 0 new OTHER.
pub(crate) const MOSTLY_KEPT: f64 = 0.7;

/// Least similarity (0..1, by characters) between a rewritten line and the `old` line it is
/// taken for a copy of. No figure was recorded with it.
pub(crate) const COPY_RATIO: f32 = 0.8;

/// Lines at least this alike are a slip of memory (a character or two), as opposed to a line
/// changed since the model read it; where `new` has the file's version of such a line, the two
/// agree. No figure was recorded with it.
pub(crate) const MERGE_SLIP: f64 = 0.8;

// The cleaning of `new` (`artifacts/`).

/// Least similarity of a decoded line to a line of `old` for it to be read as that line
/// retyped or rewritten. With `lines_echoing`, on the adversarial generator (seeds 1-3): wrong
/// edits of an escaped `new` 49 -> 20 (`old` exact), 15 -> 0 (`old` escaped too), 4 -> 0 (`old` a regex);
/// on the gate, `escaped_new_only` 1,076 -> 1,105 exact, nothing lost.
pub(crate) const ECHO: f64 = 0.8;

/// The best reading must cost at least this many character edits less than any other reading
/// that gives a different text (any strictly cheaper reading is taken: ties are refused).
/// No figure was recorded with it.
pub(crate) const READINGS_MARGIN: usize = 1;

/// Least similarity of the text beside a sentence about the edit to `old` as a whole (three
/// `</div>` renamed `</div_v2>`: 0.69).
pub(crate) const LOOSELY: f64 = 0.5;

/// Fewest words of a line read as a sentence. Measured on generated sentences (each with
/// `“notes”` and `it’s` added to a Rust file whose prose has `’`): 2 of 60 written with ASCII
/// quotes before, 0 after; no case of the accuracy gate, adv or attack benchmarks changed by
/// it (each case that changed when it was set traced to another rule).
pub(crate) const SENTENCE_WORDS: usize = 4;

/// Least similarity of `old`'s first line to the file's line for `old` to stand there retyped
/// (a letter slipped), and least length of that line in chars: one slip in a line of 16 chars
/// leaves 0.94, while `return 1` against `return 0` (0.875, another line altogether) is out on
/// both counts. (A multi-language generator, seeds 1-12: prefixes kept 12 -> 0; gate identical.)
pub(crate) const RETYPED: f64 = 0.9;
/// The least length in chars that goes with [`RETYPED`] (figures there).
pub(crate) const RETYPED_LEN: usize = 16;

/// One in this many, by the weight of words (their characters): a line of `new` that shares
/// no more than this share of its words with a line of `old` is another line, and one that
/// drops no more than this share of the words they share is a rewrite of it
/// (`artifacts/elisions/tokens.rs`). Not measured.
pub(crate) const WORD_SHARE: usize = 4;

/// One in this many of the file's lines (non-blank and blank lines counted apart) ending in
/// blanks makes such ends a habit of the file, which `new`'s trailing blanks may keep
/// (`artifacts/trailing_blanks.rs`). Not measured.
pub(crate) const TRAILING_BLANK_HABIT: usize = 4;

/// Fewest words of a line read as the model's prose around its edit ("Here is the fix:",
/// `artifacts/wrappers.rs`, `markup_wrappers.rs`); a shorter line may be code (`Ok(x).`).
/// Not measured.
pub(crate) const PROSE_WORDS: usize = 3;

// Line references (`line_refs/`).

/// How many referenced lines with distinct IDs must agree before stale references are
/// followed (two lines of the same text have the same ID, so they count once: they agree at
/// every offset where either does). An ID is 8 bits, so one moved line could be any of 1 in 256 lines; three lines moved by the same
/// offset are a chance match of one offset in 2^24, and the offsets tried are every one the
/// first line's ID allows (at most the file's lines): on a 10,000-line file a false follow
/// needs the referenced lines changed *and* a 1-in-1,600 coincidence, which is then also
/// refused unless no other offset fits. Two lines (1 in 65,536 per offset) would follow a
/// wrong offset in a 10,000-line file one time in seven, so they are refused.
pub(crate) const MIN_FOLLOWED_LINES: usize = 3;

// The `not_drifted` rule.

/// Lines of the block that changed since the read (non-blank lines of `old` the block has no
/// equal of, and lines the block has that `old` lacks), at least, for it to be refused.
/// Measured with `benches/stale_blocks.py` (the gate's 1,108 git-mined hunks and 400 blocks
/// of Python's standard library, each with 1, 2, 3 or half its non-blank lines drifted in
/// lines the edit keeps), seeds 1 / 2: blocks of 3 or half drifted lines merged 131 / 137 ->
/// 2 / 0 (of 1,227 / 1,222); blocks of 1 or 2 drifted lines landing as intended unchanged
/// (1,783 / 1,799 of 2,522 / 2,537, not one case moved). At 2, every case of 2 drifted lines
/// would be refused (the issue keeps those merging); at 4, every block of 3 merged as before.
/// The accuracy gate: every gated set unchanged; `real-patch` 10 -> 9 wrong.
pub(crate) const MIN_DRIFTED_LINES: usize = 3;

/// `numbered_place`: at least this many of `old`'s non-blank lines stand, loosely equal, at
/// the lines its read-tool numbers name, and at least one in
/// [`MIN_NUMBERED_EQUAL_PER_LINES`] of them, for that place to be the block the model read
/// (a loose match elsewhere is then refused, when the lines there are as close to `old` as
/// the match: see the rule). The wrong edits it refuses (a Swift test beside its plural-named
/// sibling) have 5 of 10; at these values nothing else of the attack set (9,424 cases) or the
/// gate moved, so they are set low, as the place the numbers name is the model's own word
/// for where it read.
pub(crate) const MIN_NUMBERED_EQUAL: usize = 3;

/// See [`MIN_NUMBERED_EQUAL`]: a third.
pub(crate) const MIN_NUMBERED_EQUAL_PER_LINES: usize = 3;

// The line merge (`merge3.rs`), read by the fit stage.

/// The most tokens a file line may differ by from the model's memory of it and still merge.
pub(crate) const MAX_MISREMEMBERED_TOKENS: usize = 1;

/// Shortest word (in characters) read as misspelled rather than as another word: `id` for
/// `is` is a different name, `isOpen` for `isOpn` a slip. Also where the model's `new`
/// rewrites the word and never writes its spelling (`merge3::rewrites_misspelling`): at 2 there
/// the gate (`cargo run --release -q -p accuracy -- --gate`) landed `typo_changed` 971 -> 1,026
/// of 1,042 and `typo_single_line` 242 -> 255, 0 wrong, but an adversarial review found short
/// words a letter off that are other names, the model's rewrite applied over the file's newer
/// line (`if key in cache:` remembered as `is`, rewritten to `==`; `clock.ns` as `ms`; `-le` as
/// `-lt`; `units.mb` as `kb`), and three letters hold as many (`get`/`set`, `pop`/`top`).
pub(crate) const MIN_MISSPELLED_CHARS: usize = 4;

/// Most slips of the pen on one line (or on one line wrapped otherwise) that `fit::respell`
/// spells as the file does: two, each a typing slip of its word (`assertSmae(... $repsonse)`
/// for `assertSame(... $response)`). Figures in `fit/respell.rs`.
pub(crate) const MAX_SLIPS_ON_A_LINE: usize = 2;

/// Fewest characters of a word of hex digits read as a hash or a colour (`deadbeef`,
/// `a1b2c3`), never as a misspelled word. Not measured.
pub(crate) const MIN_HEX_CHARS: usize = 6;

// Elision markers (`notation/elision_markers.rs`).

/// Lines of the file's own comments that show it uses a leader of `OWN_LEADERS`
/// (`notation/elision_markers.rs`). Chosen,
/// not measured: one line may be a stray (a shell `! grep`, a quoted line of prose); two
/// comments in the file's own hand are a habit. With it, a multi-language generator
/// (seeds 11 and 12, 3,000 cases each): exact 2153 -> 2155 and 2129 -> 2134 (with the tab drift of
/// `fit::tab_columns`),
/// WRONG unchanged; accuracy `--gate`, adv, attack (3 seeds) and refuse-bench unchanged.
pub(crate) const OWN_COMMENTS: usize = 2;

// Quotes read as literals (`normalize.rs`).

/// Longest body a `'` literal may have where the language is unknown or `'` quotes characters:
/// `'\n'`, `'\r\n'`, `', \n'` are literals, while the text between a Rust lifetime `'a` and the
/// next `'` is longer as a rule.
pub(crate) const SHORT_LITERAL: usize = 8;

/// How many of a lazy-snippet piece's new lines next to an edge (a marker or the snippet's
/// end) are compared with the file's lines beyond it for an edited edge
/// (`snippet/place/edges.rs`). Every pair of a long run was quadratic: 1,000 repeated new lines
/// took 1.7 s, 18,000 more than 120 s. Measured: at 16 and 32 no outcome of the in-repo
/// lazy-snippet set (7,847 cases) changes; at 8 one located case, at 4 six; on the stand-in
/// corpus (1,397 cases, outside the repository) 32 changes none, 16 one (a refusal merged
/// right), 8 and 4 two (one of them merged wrong). 32 keeps every outcome.
pub(crate) const EDGE_REACH: usize = 32;

/// File lines of code beyond a lazy-snippet piece's edge, past those its new edge lines are
/// compared with, in which a line one word apart from a new edge line still reads as the
/// line it is a stale copy of (`snippet/place/edges.rs`): a stale first line over a deleted
/// block stands that far above the piece. Measured with the `refuse_stale_context` class
/// (one context line made stale) on the shared data: 4 wrong merges at 0, 3 at 3, 2 at 6;
/// no apply case of the lazy-snippet set or the other languages' corpus lost at either.
pub(crate) const STALE_REACH: usize = 6;

/// Least character similarity (loose keys) for a new line at a lazy-snippet piece's edge (`snippet/place/edges.rs`, `snippet/guard`) to read as an
/// edited version of the file's neighbouring line (replace or insert: unclear). The figure the
/// elision strategy measured for a line `new` writes beside its marker to count as a rewrite
/// of an elided line (`strategy::elision::new_markers::REWRITE_OF_ELIDED`,
/// `elide_edit_inside_*`: rewritten lines 0.5-0.7 like their line in 15 of 135 checks).
pub(crate) const EDITED_EDGE: f64 = 0.6;

/// Least character similarity for a line inside the block to count as a look-alike of a line a
/// piece pairs past the block (`snippet/place/across.rs`): the stale copy the piece may be
/// meant for, which keeps the piece from standing past the block. Measured on the gate's
/// `multi_piece` class (exact merges, shared / other-language corpus) and an adversarial
/// review's 20,618 generated and perturbed multi-piece snippets (merges that differ from the
/// hunk where the build before refused): at 0.6 (`EDITED_EDGE`) 50 / 107; at 0.8 55 / 116,
/// none in the generated families (stale twins, copies from a later function), 4 in the
/// perturbed real snippets beside 102 more exact (a context line dropped before a deletion, so
/// the marker keeps what the hunk deleted; a piece dedented to the margin, its kept lines
/// written there; a trailing blank no snippet can show); at 0.9 56 / 118, 24 (2 of them in
/// unperturbed snippets). Gate: 0 wrong at each.
pub(crate) const PAST_BLOCK_LOOK_ALIKE: f64 = 0.8;
