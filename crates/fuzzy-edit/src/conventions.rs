//! What a file's name says about how it is written, beyond its [`Language`](crate::Language):
//! the comment leaders a model writes an elision marker behind (`;; ...` in Lisp, `% ...` in
//! TeX), and whether its recipe lines start with a tab (a Makefile).

use std::path::Path;

/// A comment's opening and closing text (`""` when it runs to the end of the line).
pub(crate) type Leader = (&'static str, &'static str);

/// A file's writing conventions by its name (see the module docs). The default knows none:
/// only the comment leaders every file's markers are read with (`#`, `//`, `--`, `;`,
/// `/* */`, `<!-- -->`), and no recipes.
///
/// ```
/// use std::path::Path;
/// use fuzzy_edit::Conventions;
/// assert!(Conventions::from_path(Path::new("src/Makefile")).is_makefile());
/// assert!(!Conventions::from_path(Path::new("main.tex")).is_makefile());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Conventions {
    leaders: &'static [Leader],
    makefile: bool,
}

const LISP: &[Leader] = &[(";;", "")];
const PERCENT: &[Leader] = &[("%", "")];
const BANG: &[Leader] = &[("!", "")];
const BASIC: &[Leader] = &[("'", ""), ("REM", ""), ("rem", "")];
const BATCH: &[Leader] = &[("REM", ""), ("rem", ""), ("::", "")];
const HASKELL: &[Leader] = &[("{-", "-}")];
const ML: &[Leader] = &[("(*", "*)")];

impl Conventions {
    /// The conventions of a file named `path`, by its extension (or name, for a Makefile).
    pub fn from_path(path: &Path) -> Conventions {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        // (`Makefile.in` and `Makefile.am` are Makefiles to be: their recipes take tabs too.)
        let makefile = matches!(name, "Makefile" | "makefile" | "GNUmakefile")
            || name.starts_with("Makefile.")
            || name.ends_with(".mk")
            || name.ends_with(".mak");
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let leaders = match ext.as_str() {
            "el" | "lisp" | "lsp" | "cl" | "scm" | "ss" | "rkt" | "clj" | "cljs" | "cljc"
            | "edn" | "fnl" => LISP,
            "tex" | "sty" | "cls" | "ltx" | "dtx" | "erl" | "hrl" | "ps" | "eps" | "bib" => PERCENT,
            "f" | "for" | "f90" | "f95" | "f03" | "f08" => BANG,
            "vb" | "vbs" | "bas" | "vba" | "frm" => BASIC,
            "bat" | "cmd" => BATCH,
            "hs" | "lhs" | "elm" | "purs" | "agda" => HASKELL,
            "ml" | "mli" | "sml" | "pas" => ML,
            _ => &[],
        };
        Conventions { leaders, makefile }
    }

    /// Whether the file is a Makefile (its recipe lines start with a tab).
    pub fn is_makefile(&self) -> bool {
        self.makefile
    }

    /// The comment leaders of the file's language beyond those every file's are read with.
    pub(crate) fn comment_leaders(&self) -> &'static [Leader] {
        self.leaders
    }
}
