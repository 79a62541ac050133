//! Stale blocks and blocks of another shape-alike: `old` read before the block changed, or
//! copied from another file, must not land on a sibling that shares the block's boilerplate.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

/// A controller whose `update` changed (three of its last five lines) since the model read it.
const CONTROLLER: &str = "
  def create
    @user = User.new(user_params)
    if @user.save
      redirect_to @user, notice: \"User was successfully created.\"
    else
      render :new, status: :unprocessable_entity
    end
  end

  def update
    if @user.update(user_params)
      redirect_to @user, notice: \"User was successfully updated.\"
    elsif @user.errors.any?
      render :edit, status: :conflict
    end
  end_of_update
";

#[test]
fn a_stale_block_is_not_edited_in_its_sibling() {
    // `old` is update's tail as it was; its first line stands in update as written, so the
    // `created.` line in create is no slip of memory for it.
    let old = "      redirect_to @user, notice: \"User was successfully updated.\"\n    else\n      render :edit, status: :unprocessable_entity\n    end\n  end";
    let new = old.replace("successfully updated", "updated");
    assert_eq!(kind(CONTROLLER, &Edit::new(old, new)), "not_found");
}

#[test]
fn a_slipped_first_line_found_nowhere_still_anchors_the_block() {
    // The same tail with its first line misremembered (`update.` for `updated.`): found.
    let old = "      redirect_to @user, notice: \"User was successfully update.\"\n    else\n      render :new, status: :unprocessable_entity\n    end\n  end";
    let new = old.replace("render :new", "render :new, layout: false");
    let new = new.replace(", status:", " status:");
    let out = applied(CONTROLLER, &Edit::new(old, &new));
    assert_eq!(strategy(&out), "block_anchor");
    assert!(out
        .text
        .contains("      render :new, layout: false status: :unprocessable_entity\n"));
    assert!(out
        .text
        .contains("notice: \"User was successfully created.\"\n"));
}

#[test]
fn a_stale_function_is_not_edited_in_the_overload_beside_it() {
    let file = "\
CREATE FUNCTION \"overlaps\"(timestamptz, interval,
  timestamptz, interval)
 RETURNS boolean
 LANGUAGE sql
 STABLE PARALLEL SAFE COST 1
RETURN ($1, $2) overlaps ($3, ($3 + $4));

CREATE FUNCTION \"overlaps\"(timestamp, timestamp,
  timestamp, interval)
 RETURNS bool
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE COST 1
RETURN ($1, $2) overlaps_at ($3, ($3 + $4));
";
    let old = "  timestamp, interval)\n RETURNS boolean\n LANGUAGE sql\n IMMUTABLE PARALLEL SAFE COST 1\nRETURN ($1, $2) overlaps ($3, ($3 + $4));";
    let new = old.replace(" RETURNS boolean", " RETURNS text");
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
}

#[test]
fn old_from_another_file_of_the_same_shape_is_not_found() {
    let file = "  return 0;\n}\n\nint\nbuffer_append (struct buffer *buf, const char *s, size_t n)\n{\n  if (buffer_grow (buf, n) != 0)\n    return -1;\n";
    let old = "  return 0;\n}\n\nint\nrgelt (struct NoErrors *set, const char *s, take n)\n{\n  if (Variable (set, n) != 0)\n    return -1;";
    let new = old.replace(
        "    return -1;",
        "    if (enabled) {\n      return -1;\n    }",
    );
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
    // The same block with one name misremembered is found.
    let old = old
        .replace("rgelt", "buffer_append")
        .replace("NoErrors", "buffer")
        .replace("*set", "*buf")
        .replace("take", "size_t")
        .replace("(set", "(buf");
    let new = old.replace("    return -1;", "    return -2;");
    let out = applied(file, &Edit::new(old, new));
    assert!(out
        .text
        .contains("  if (buffer_grow (buf, n) != 0)\n    return -2;\n"));
}

/// Two rules of a stylesheet: `.warning` renamed two of its properties (`upd_`) since the model
/// read it; `.notice` is its sibling, a colour apart.
const STYLES: &str = ".warning {
  upd_border: 1px solid #a05000;
  margin: 0;
  upd_padding: 2px;
}

.notice {
  border: 1px solid #a00000;
  margin: 0;
  padding: 2px;
}
";

#[test]
fn a_line_that_stands_only_in_the_changed_block_keeps_the_edit_off_its_sibling() {
    // `old` is `.warning` as it was. The `#a05000` line tells it from `.notice` (a slip away);
    // it stands in `.warning` with its name made longer: the block `old` was copied from,
    // changed since. Refused, not merged into `.notice`.
    let old = "  border: 1px solid #a05000;\n  margin: 0;\n  padding: 2px;\n}";
    let new = old.replace("  margin: 0;\n", "");
    assert_eq!(kind(STYLES, &Edit::new(old, new)), "low_confidence");
}

#[test]
fn a_comment_left_off_a_line_is_no_line_read_elsewhere() {
    // `endif` stands as written in `installdirs`, beside lines `old` shares with it; but the
    // block holds it with a comment after it, which the model left out: the block is meant.
    let file = "install: all installdirs
ifneq (,$(DOCS))
\tcp $(addprefix $(srcdir)/, $(DOCS)) '$(DESTDIR)$(docdir)/'
endif # DOCS
ifneq (,$(MANS))
\tcp $(addprefix $(srcdir)/, $(MANS)) '$(DESTDIR)$(mandir)/'
endif # MANS
ifneq (,$(INFOS))
\tcp $(INFOS) '$(DESTDIR)$(infodir)/'
endif # INFOS

installdirs:
ifneq (,$(DOCS))
\tmkdir -p '$(DESTDIR)$(docdir)'
endif
ifneq (,$(MANS))
\tmkdir -p '$(DESTDIR)$(mandir)'
endif
ifneq (,$(INFOS))
\tmkdir -p '$(DESTDIR)$(infodir)'
endif
";
    let old = "install: all installdirs
ifneq (,$(DOCS))
\tcp $(addprefix $(srcdir)/, $(DOCS)) '$(DESTDIR)$(docdir)/'
endif # DOCS
ifneq (,$(MANS))
\tcp $(addprefix $(srcdir)/, $(MANS)) '$(DESTDIR)$(mandir)/'
endif
ifneq (,$(INFOS))";
    let new = old.replace("endif # DOCS\n", "endif # DOCS\n# manual pages\n");
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "block_anchor");
    assert!(out.text.starts_with("install: all installdirs\n"));
    assert!(out
        .text
        .contains("endif # DOCS\n# manual pages\nifneq (,$(MANS))\n"));
    assert!(out.text.contains("endif # MANS\n"));
}

#[test]
fn a_block_rewritten_in_the_lines_that_named_it_is_still_a_rival_of_its_sibling() {
    // `old` is the `FusedFuture` impl's head as it was; since, its `impl` line and a bound were
    // rewritten (their names gone), and the `Future` impl above is a name away from `old`.
    let file = "impl<R, W> Copy<R, W> {
    fn done(&self) -> bool {
        self.amt == self.total
    }
}

impl<R, W> Future for Copy<R, W>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    type Output = io::Result<u64>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.project().poll_copy(cx)
    }
}

/// Whether the copy has finished.
where
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
    W: AsyncWrite + Unpin,
{
    fn is_terminated(&self) -> bool {
        self.done()
    }
}
";
    let old = "}\n\nimpl<R, W> FusedFuture for Copy<R, W>\nwhere\n    R: AsyncRead + Unpin,\n    W: AsyncWrite + Unpin,\n{";
    let new = old.replace(
        "    W: AsyncWrite + Unpin,\n",
        "    W: AsyncWrite + Unpin,\n    Self: Sized,\n",
    );
    assert_eq!(kind(file, &Edit::new(old, new)), "low_confidence");
}

/// Two SQL operators and a function between them; the second operator was rewritten since the
/// model read it (four of its lines).
const OPERATORS: &str = "CREATE OPERATOR % (
        LEFTARG = text,
        RIGHTARG = text,
        PROCEDURE = similarity_op,
        COMMUTATOR = '%',
        RESTRICT = contsel,
        JOIN = contjoinsel
);

CREATE FUNCTION word_similarity(text,text)
RETURNS float4
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE OPERATOR %> (
        LEFTARG = text,
        RIGHTARG = text,
        PROCEDURE = word_similarity_commutator_op,
        rewritten_first(); /* since */
        RESTRICT = contsel,
        rewritten_second(); /* since */
rewritten_third(); /* since */

rewritten_fourth(); /* since */
RETURNS float4
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
";

#[test]
fn a_line_inserted_beside_a_line_the_block_differs_on_is_not_merged_into_a_sibling() {
    // `old` is the second operator's tail as it was (`'<%'`, then `similarity_dist`); it is
    // found at the first operator, which differs on those two lines. The inserted `NEGATOR`
    // line was written against `COMMUTATOR = '<%'`, which the block does not have.
    let old = "        COMMUTATOR = '<%',\n        RESTRICT = contsel,\n        JOIN = contjoinsel\n);\n\nCREATE FUNCTION similarity_dist(text,text)\nRETURNS float4\nAS 'MODULE_PATHNAME'\n";
    let new = old.replace("'<%',\n", "'<%',\n        NEGATOR = '<%',\n");
    assert_eq!(kind(OPERATORS, &Edit::new(old, new)), "content_mismatch");
}

#[test]
fn lines_differing_by_trailing_commas_alone_do_not_stop_an_edit_beside_them() {
    let file = "const settings = {\n  name: \"server\",\n  port: 8080,\n  verbose: true,\n  output: {\n    format: \"json\",\n    path: \"out.log\",\n  },\n};\n";
    // The model's own style: no trailing commas (two lines differ, one beside the edit).
    let old = "const settings = {\n  name: \"server\",\n  port: 8080,\n  verbose: true,\n  output: {\n    format: \"json\",\n    path: \"out.log\"\n  }\n};\n";
    let new = old.replace("\"json\"", "\"text\"");
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("\"json\"", "\"text\""));
}

/// A DNS plugin's `add` and `rm` functions: `rm`'s block as the model read it is `add`'s with
/// one line fewer (`_debug txtvalue`), and `rm` changed since in four of its lines.
const PLUGIN: &str = r#"dns_add() {
  _debug fulldomain "$fulldomain"
  _debug txtvalue "$txtvalue"

  if ! _check_auth; then
    return 1
  fi

  root_domain_id=$(_get_root_domain_id "$fulldomain")
  if [ -z "$root_domain_id" ]; then
    _err "Unable to determine root domain ID for $fulldomain"
    return 1
  fi
  _debug root_domain_id "$root_domain_id"
}

dns_rm() {
  _debug fulldomain "$fulldomain"

  if ! _check_auth; then
    return 4
  fi

  root_domain_id=$(_get_root_domain_ix "$fulldomain")
  if [ -z "$root_domain_ix" ]; then
    _err "Unable to determine root domain_new ID for $fulldomain"
    return 1
  fi
}
"#;

/// `rm`'s block as the model read it, and a comment added to it.
fn rm_edit() -> Edit {
    let old = r#"  _debug fulldomain "$fulldomain"

  if ! _check_auth; then
    return 1
  fi

  root_domain_id=$(_get_root_domain_id "$fulldomain")
  if [ -z "$root_domain_id" ]; then
    _err "Unable to determine root domain ID for $fulldomain"
    return 1"#;
    Edit::new(
        old,
        old.replace("    return 1\n  fi", "    return 1\n  # checked\n  fi"),
    )
}

// (Generated, the attack benchmark's stale blocks over shell: the edit landed in `add` by
// `line_slips`, `old` read as `add`'s block with a line left out.) `rm`, changed since, keeps
// the block's first and last lines and is as similar to `old`: which the model read is
// unknowable, and the edit is refused, naming both.
#[test]
fn a_block_a_line_short_of_a_sibling_is_refused_beside_its_stale_copy() {
    assert_eq!(kind(PLUGIN, &rm_edit()), "low_confidence");
}

// The twin: without `rm`, `old` is `add`'s block with a line left out, and lands there.
#[test]
fn a_block_a_line_short_lands_when_no_stale_copy_stands_beside_it() {
    let add_only = &PLUGIN[..PLUGIN.find("dns_rm").unwrap()];
    let out = applied(add_only, &rm_edit());
    assert_eq!(strategy(&out), "line_slips");
    assert_eq!(
        out.text,
        add_only.replacen("    return 1\n  fi", "    return 1\n  # checked\n  fi", 1)
    );
}

/// Two compare-and-swap loops of one shape: the first one's `initial_value` is named `seen`
/// since the read, on every line that names it; the second adds `comparand` to its value.
const ATOMICS: &str = "long add(long* field, long value) {
    long comparand;
    long seen = *field;
    do
    {
        comparand = seen;
        seen = _InterlockedCompareExchange64(field, value, comparand);
    }
    while (comparand != seen);
    return seen;
}

long add_fetch(long* field, long value) {
    long comparand;
    long initial_value = *field;
    do
    {
        comparand = initial_value;
        initial_value = _InterlockedCompareExchange64(field, comparand + value, comparand);
    }
    while (comparand != initial_value);
    return initial_value + value;
}
";

/// The first loop as the model read it, its closing brace moved onto the `while` line.
fn loop_edit() -> Edit {
    let old = "    do
    {
        comparand = initial_value;
        initial_value = _InterlockedCompareExchange64(field, value, comparand);
    }
    while (comparand != initial_value);";
    Edit::new(old, old.replace("    }\n    while", "    } while"))
}

// (Generated, the attack benchmark's stale blocks: the edit landed in the second loop by
// `block_anchor`, one argument off.) The first loop is `old` with one name renamed on three
// lines: read before the rename as likely as a slip of the second, and refused, naming both.
#[test]
fn a_block_renamed_since_on_every_line_is_a_rival_of_a_sibling_a_token_off() {
    assert_eq!(kind(ATOMICS, &loop_edit()), "low_confidence");
}

// The twin: without the renamed loop, `old` is the second loop a token off, and lands there.
#[test]
fn a_block_a_token_off_lands_when_no_renamed_copy_stands_beside_it() {
    let second = &ATOMICS[ATOMICS.find("long add_fetch").unwrap()..];
    let out = applied(second, &loop_edit());
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(
        out.text,
        second.replacen("    }\n    while", "    } while", 1)
    );
}
