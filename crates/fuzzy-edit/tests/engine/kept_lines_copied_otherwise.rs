//! Lines the edit keeps, copied otherwise than the file has them (a trailing comment left out, a
//! long line wrapped or joined, a comment line made up), beside a line the model changes: the
//! edit lands and the file's lines stay as they are; the same block standing twice, or a line
//! of code made up, is still refused.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

const IMPORTS: &str = "import unittest\nimport time\nfrom unittest.mock import MagicMock\nfrom requests.exceptions import ReadTimeout, ConnectionError\n\nimport aider  # keeps the order stable\nfrom aider.coders import Coder\n";

// `import aider` copied without its comment, next to the lines the model reorders.
#[test]
fn a_comment_left_out_beside_a_change_stays_in_the_file() {
    let old = "import unittest\nimport time\nfrom unittest.mock import MagicMock\nfrom requests.exceptions import ReadTimeout, ConnectionError\n\nimport aider\nfrom aider.coders import Coder";
    let new = "import time\nimport unittest\nfrom unittest.mock import MagicMock\n\nfrom requests.exceptions import ConnectionError, ReadTimeout\n\nimport aider\nfrom aider.coders import Coder";
    let out = applied(IMPORTS, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "import time\nimport unittest\nfrom unittest.mock import MagicMock\n\nfrom requests.exceptions import ConnectionError, ReadTimeout\n\nimport aider  # keeps the order stable\nfrom aider.coders import Coder\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    // Twice in the file: which copy is meant is unclear.
    let twice = format!("{IMPORTS}\n{IMPORTS}");
    assert_eq!(kind(&twice, &Edit::new(old, new)), "low_confidence");
}

// Code written onto the line since (not a comment): a change beside it is still refused.
#[test]
fn code_added_to_a_kept_line_beside_a_change_is_refused() {
    let file = IMPORTS.replace(
        "import aider  # keeps the order stable",
        "import aider; import aider.models",
    );
    let old = "import unittest\nimport time\nfrom unittest.mock import MagicMock\nfrom requests.exceptions import ReadTimeout, ConnectionError\n\nimport aider\nfrom aider.coders import Coder";
    let new = "import time\nimport unittest\nfrom unittest.mock import MagicMock\n\nfrom requests.exceptions import ConnectionError, ReadTimeout\n\nimport aider\nfrom aider.coders import Coder";
    assert_eq!(kind(&file, &Edit::new(old, new)), "content_mismatch");
}

const CALLS: &str = "def cmd_model(self, args):\n    model = models.Model(args)\n    models.sanity_check_models(self.io, model)\n    raise SwitchCoder(main_model=model)\n\ndef cmd_editor_model(self, args):\n    \"Switch the Editor Model to a new LLM\"\n";

// The model wrapped a long line it keeps, and changes the line after it; and the other way
// round (the file wraps the line, the model joined it).
#[test]
fn a_kept_line_wrapped_otherwise_beside_a_change_stays_as_the_file_has_it() {
    let old = "def cmd_model(self, args):\n    model = models.Model(args)\n    models.sanity_check_models(self.io,\n        model)\n    raise SwitchCoder(main_model=model)\n\ndef cmd_editor_model(self, args):";
    let new = "def cmd_model(self, args):\n    model = models.Model(args)\n    models.sanity_check_models(self.io,\n        model)\n    raise SwitchCoder(main_model=model, edit_format=None)\n\ndef cmd_editor_model(self, args):";
    let out = applied(CALLS, &Edit::new(old, new));
    assert_eq!(
        out.text,
        CALLS.replace("(main_model=model)", "(main_model=model, edit_format=None)")
    );
    let wrapped = CALLS.replace("(self.io, model)", "(self.io,\n        model)");
    let joined_old = "def cmd_model(self, args):\n    model = models.Model(args)\n    models.sanity_check_models(self.io, model)\n    raise SwitchCoder(main_model=model)\n\ndef cmd_editor_model(self, args):";
    let joined_new =
        joined_old.replace("(main_model=model)", "(main_model=model, edit_format=None)");
    let out = applied(&wrapped, &Edit::new(joined_old, &joined_new));
    assert_eq!(
        out.text,
        wrapped.replace("(main_model=model)", "(main_model=model, edit_format=None)")
    );
    // Twice in the file: refused.
    let twice = format!("{CALLS}\n{CALLS}");
    assert_eq!(kind(&twice, &Edit::new(old, new)), "low_confidence");
}

// A wrapped line whose words differ from the file's is a changed line, not a rewrap: the
// change beside it is refused.
#[test]
fn a_wrapped_line_with_other_words_beside_a_change_is_refused() {
    let old = "def cmd_model(self, args):\n    model = models.Model(args)\n    models.sanity_check_models(self.io,\n        other)\n    raise SwitchCoder(main_model=model)\n\ndef cmd_editor_model(self, args):";
    let new = old.replace("(main_model=model)", "(main_model=model, edit_format=None)");
    assert_eq!(kind(CALLS, &Edit::new(old, &new)), "content_mismatch");
}

const PLAIN_IMPORTS: &str = "import unittest\nimport time\nfrom unittest.mock import MagicMock\nfrom requests.exceptions import ReadTimeout, ConnectionError\n\nimport aider\nfrom aider.coders import Coder\n";

// `old` has a comment line the file lacks, next to the lines the model reorders: the file stays
// without it. A line of code made up there is refused.
#[test]
fn a_comment_line_made_up_beside_a_change_is_left_out() {
    let old = "import unittest\nimport time\nfrom unittest.mock import MagicMock\nfrom requests.exceptions import ReadTimeout, ConnectionError\n\n# keep this in sync\nimport aider\nfrom aider.coders import Coder";
    let new = "import time\nimport unittest\nfrom unittest.mock import MagicMock\n\nfrom requests.exceptions import ConnectionError, ReadTimeout\n\n# keep this in sync\nimport aider\nfrom aider.coders import Coder";
    let out = applied(PLAIN_IMPORTS, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "import time\nimport unittest\nfrom unittest.mock import MagicMock\n\nfrom requests.exceptions import ConnectionError, ReadTimeout\n\nimport aider\nfrom aider.coders import Coder\n"
    );
    let code = |s: &str| s.replace("# keep this in sync", "import aider.models");
    assert_eq!(
        kind(PLAIN_IMPORTS, &Edit::new(code(old), code(new))),
        "content_mismatch"
    );
}

const SERVE: &str = "class Static\n    def can_serve(path)  # why: see above\n      route_file(path) || overwrite_file_path(path)\n    end\n\n    def call(env)\n      @app.call(env)\n    end\nend\n";

// The comment left out of `old`'s first line, an anchor of the window.
#[test]
fn a_comment_left_out_of_an_edge_line_stays_in_the_file() {
    let old =
        "    def can_serve(path)\n      route_file(path) || overwrite_file_path(path)\n    end";
    let new = "    def can_serve(path)\n      route_file(path)\n    end";
    let out = applied(SERVE, &Edit::new(old, new));
    assert_eq!(
        out.text,
        SERVE.replace(" || overwrite_file_path(path)\n", "\n")
    );
    assert_eq!(strategy(&out), "block_anchor");
}

// Its twins: the block twice (each copy with the comment), and code written after the edge
// line since (no comment), are still refused.
#[test]
fn an_edge_line_commented_twice_or_with_code_added_is_refused() {
    let old =
        "    def can_serve(path)\n      route_file(path) || overwrite_file_path(path)\n    end";
    let new = "    def can_serve(path)\n      route_file(path)\n    end";
    let twice = format!("{SERVE}{SERVE}");
    assert_eq!(kind(&twice, &Edit::new(old, new)), "low_confidence");
    let file = SERVE.replace(
        "can_serve(path)  # why: see above",
        "can_serve(path) = cached(path)",
    );
    assert_eq!(kind(&file, &Edit::new(old, new)), "not_found");
}

#[test]
fn twins_alike_but_for_their_comments_are_refused_when_old_writes_none() {
    // `a` and `b` hold the same code; `old` writes it without either's comments. `b` looked
    // closer (its last line has none); which the model read is a guess.
    let file = "def a(x):\n    y = prep(x)  # a\n    z = run(y)\n    return fin(z)  # a end\n\ndef b(x):\n    y = prep(x)  # b\n    z = run(y)\n    return fin(z)\n";
    let old = "    y = prep(x)\n    z = run(y)\n    return fin(z)";
    let new = "    y = prep(x)\n    z = run(y, fast=True)\n    return fin(z)";
    assert_eq!(kind(file, &Edit::new(old, new)), "low_confidence");
}
