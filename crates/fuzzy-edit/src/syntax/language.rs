//! Which grammar a file is checked with: from its path's extension, or from a name the caller
//! gives where there is no path (the pipe's `content` mode, a `language` field, `--language`).
//!
//! An unknown extension or name is `None`, and the guard does not run: a check with the wrong
//! grammar would refuse valid edits, which is worse than no check.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A language the syntax guard can parse.
///
/// Serialized as its [`name`](Language::name) (`"python"`, `"cpp"`, ...); deserialized with
/// [`Language::from_name`], so the aliases a model or a user writes (`"py"`, `"c++"`) work in
/// JSON too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// Python.
    Python,
    /// Rust.
    Rust,
    /// JavaScript, JSX included (the grammar parses both).
    JavaScript,
    /// TypeScript.
    TypeScript,
    /// TypeScript with JSX; a separate grammar, because `<T>x` means a cast in `.ts` and an
    /// element in `.tsx`.
    Tsx,
    /// Go.
    Go,
    /// Java.
    Java,
    /// C.
    C,
    /// C++ (also `.h` headers: see [`Language::from_path`]).
    Cpp,
    /// JSON.
    Json,
    /// YAML.
    Yaml,
    /// TOML.
    Toml,
    /// Bash and POSIX shell.
    Bash,
}

impl Language {
    /// Every language, in declaration order.
    pub const ALL: [Language; 13] = [
        Language::Python,
        Language::Rust,
        Language::JavaScript,
        Language::TypeScript,
        Language::Tsx,
        Language::Go,
        Language::Java,
        Language::C,
        Language::Cpp,
        Language::Json,
        Language::Yaml,
        Language::Toml,
        Language::Bash,
    ];

    /// The language of a file, from its extension; `None` when the extension is unknown.
    ///
    /// `.h` is C++: the C++ grammar is built on the C grammar and parses C headers, while the
    /// C grammar fails on every class, template and namespace in the many C++ projects that use
    /// `.h`, so checking a C++ header as C would refuse valid edits. The one C header the C++
    /// grammar misreads uses a C++ keyword (`new`, `class`) as a name, and such a file already
    /// has errors, so only errors an edit adds near its span count there. `.C` and `.H` (upper
    /// case) are C++ by the Unix convention; other extensions are matched case-insensitively.
    pub fn from_path(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        if ext == "C" || ext == "H" {
            return Some(Language::Cpp);
        }
        let lang = match ext.to_ascii_lowercase().as_str() {
            "py" | "pyi" | "pyw" => Language::Python,
            "rs" => Language::Rust,
            "js" | "mjs" | "cjs" | "jsx" => Language::JavaScript,
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            "go" => Language::Go,
            "java" => Language::Java,
            "c" => Language::C,
            "h" | "cc" | "cpp" | "cxx" | "c++" | "hh" | "hpp" | "hxx" | "h++" | "ipp" | "tpp" => {
                Language::Cpp
            }
            "json" => Language::Json,
            "yaml" | "yml" => Language::Yaml,
            "toml" => Language::Toml,
            "sh" | "bash" => Language::Bash,
            _ => return None,
        };
        Some(lang)
    }

    /// The language a `language` field or `--language` flag names: the canonical
    /// [`name`](Language::name), a common alias (`py`, `rs`, `js`, `ts`, `golang`, `c++`,
    /// `yml`, `sh`, ...) or an extension, with or without its dot, in any case. `None` when
    /// the name is unknown.
    pub fn from_name(name: &str) -> Option<Language> {
        let name = name.trim();
        let name = name.strip_prefix('.').unwrap_or(name).to_ascii_lowercase();
        let lang = match name.as_str() {
            "python" | "python3" | "py" | "pyi" | "pyw" => Language::Python,
            "rust" | "rs" => Language::Rust,
            "javascript" | "js" | "jsx" | "mjs" | "cjs" | "node" | "ecmascript" => {
                Language::JavaScript
            }
            "typescript" | "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            "go" | "golang" => Language::Go,
            "java" => Language::Java,
            "c" => Language::C,
            "cpp" | "c++" | "cxx" | "cc" | "h" | "hpp" | "hh" | "hxx" | "h++" => Language::Cpp,
            "json" => Language::Json,
            "yaml" | "yml" => Language::Yaml,
            "toml" => Language::Toml,
            "bash" | "sh" | "shell" => Language::Bash,
            _ => return None,
        };
        Some(lang)
    }

    /// The canonical name: lower case, what [`Display`](fmt::Display) and serde write.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Rust => "rust",
            Language::JavaScript => "javascript",
            Language::TypeScript => "typescript",
            Language::Tsx => "tsx",
            Language::Go => "go",
            Language::Java => "java",
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Json => "json",
            Language::Yaml => "yaml",
            Language::Toml => "toml",
            Language::Bash => "bash",
        }
    }

    /// The tree-sitter grammar.
    #[cfg(feature = "syntax")]
    pub(crate) fn grammar(self) -> tree_sitter::Language {
        let f = match self {
            Language::Python => tree_sitter_python::LANGUAGE,
            Language::Rust => tree_sitter_rust::LANGUAGE,
            Language::JavaScript => tree_sitter_javascript::LANGUAGE,
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX,
            Language::Go => tree_sitter_go::LANGUAGE,
            Language::Java => tree_sitter_java::LANGUAGE,
            Language::C => tree_sitter_c::LANGUAGE,
            Language::Cpp => tree_sitter_cpp::LANGUAGE,
            Language::Json => tree_sitter_json::LANGUAGE,
            Language::Yaml => tree_sitter_yaml::LANGUAGE,
            Language::Toml => tree_sitter_toml_ng::LANGUAGE,
            Language::Bash => tree_sitter_bash::LANGUAGE,
        };
        f.into()
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Language::from_str`]: the name is not one [`Language::from_name`] knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}`; known: python, rust, javascript, typescript, tsx, go, java, c, cpp, json, yaml, toml, bash")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::from_name(s).ok_or_else(|| UnknownLanguage(s.to_string()))
    }
}

impl Serialize for Language {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions() {
        let of = |p: &str| Language::from_path(Path::new(p));
        assert_eq!(of("a/b.py"), Some(Language::Python));
        assert_eq!(of("lib.rs"), Some(Language::Rust));
        assert_eq!(of("x.JSX"), Some(Language::JavaScript));
        assert_eq!(of("x.mts"), Some(Language::TypeScript));
        assert_eq!(of("x.tsx"), Some(Language::Tsx));
        assert_eq!(of("x.h"), Some(Language::Cpp));
        assert_eq!(of("x.c"), Some(Language::C));
        assert_eq!(of("x.C"), Some(Language::Cpp));
        assert_eq!(of("ci.yml"), Some(Language::Yaml));
        assert_eq!(of("Cargo.toml"), Some(Language::Toml));
        assert_eq!(of("run.sh"), Some(Language::Bash));
        assert_eq!(of("notes.txt"), None);
        assert_eq!(of("Makefile"), None);
        assert_eq!(of(".bashrc"), None);
    }

    #[test]
    fn names_and_aliases() {
        assert_eq!(Language::from_name("py"), Some(Language::Python));
        assert_eq!(Language::from_name(" Golang "), Some(Language::Go));
        assert_eq!(Language::from_name("C++"), Some(Language::Cpp));
        assert_eq!(Language::from_name(".ts"), Some(Language::TypeScript));
        assert_eq!(Language::from_name("shell"), Some(Language::Bash));
        assert_eq!(Language::from_name("cobol"), None);
        for lang in Language::ALL {
            assert_eq!(Language::from_name(lang.name()), Some(lang));
            assert_eq!(lang.to_string().parse::<Language>(), Ok(lang));
        }
    }

    #[test]
    fn serde_uses_names_and_accepts_aliases() {
        let json = serde_json::to_string(&Language::JavaScript).unwrap();
        assert_eq!(json, "\"javascript\"");
        let lang: Language = serde_json::from_str("\"c++\"").unwrap();
        assert_eq!(lang, Language::Cpp);
        let err = serde_json::from_str::<Language>("\"cobol\"").unwrap_err();
        assert!(err.to_string().contains("unknown language `cobol`"));
    }
}
