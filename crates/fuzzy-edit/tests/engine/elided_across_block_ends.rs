//! An elided `old` whose marker covers a block end (`try:` / `# ...` / lines of the `except`
//! block after it): applied where the piece after the marker stands once, with three lines or
//! more, and the pieces before it are mere context; refused where that piece is short, stands
//! twice, or the lines the marker covers hold a look-alike of it (the model's own block
//! changed since, its lines found as written in the next one).

use fuzzy_edit::Edit;

use crate::support::{applied, refused, strategy};

const SCRAPE: &str = "def scrape(page, url):\n    try:\n        response = page.goto(url)\n    except TimeoutError:\n        log(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:\n        log(f\"cannot open {url}: {e}\")\n    return response\n";

// The model elided the `try` body and the `except` line: its marker stands deeper than the
// `except` line it covers.
#[test]
fn a_marker_over_a_block_end_before_a_piece_found_once_applies() {
    let old = "    try:\n        # ... existing code ...\n        log(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:";
    let new = "    try:\n        # ... existing code ...\n        print(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:";
    let out = applied(SCRAPE, &Edit::new(old, new));
    assert_eq!(out.text, SCRAPE.replace("log(f\"slow", "print(f\"slow"));
    assert_eq!(strategy(&out), "elision");
}

// Two lines after the marker: a `return` misremembered in its own function would be found in
// the next one.
#[test]
fn a_short_piece_over_a_block_end_is_refused() {
    let old = "    try:\n        # ... existing code ...\n        response = None\n    except NavigationError as e:";
    let new = "    try:\n        # ... existing code ...\n        response = \"\"\n    except NavigationError as e:";
    refused(SCRAPE, &Edit::new(old, new));
}

// The piece after the marker stands in two `except` blocks: which one is meant is unclear.
#[test]
fn a_piece_over_a_block_end_found_twice_is_refused() {
    let file = SCRAPE.replace(
        "    return response\n",
        "    except OSError:\n        log(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:\n        pass\n    return response\n",
    );
    let old = "    try:\n        # ... existing code ...\n        log(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:";
    let new = "    try:\n        # ... existing code ...\n        print(f\"slow page: {url}\")\n        response = None\n    except NavigationError as e:";
    refused(&file, &Edit::new(old, new));
}

// `load`'s own lines changed since the read (an argument added, the test and the error
// rewritten); `save`, after it, still holds them as the model wrote them. The marker would
// stretch from `load`'s header over its changed lines into `save`.
#[test]
fn a_marker_over_a_look_alike_of_its_piece_is_refused() {
    let file = "def load(store, key):\n    item = store.fetch(key, None)\n    if not item:\n        raise LookupError(key)\n    return item.value\n\n\ndef save(store, key, value):\n    item = store.fetch(key)\n    if item is None:\n        raise KeyError(key)\n    return item.value\n";
    let old = "def load(store, key):\n    # ... existing code ...\n    item = store.fetch(key)\n    if item is None:\n        raise KeyError(key)";
    let new = "def load(store, key):\n    # ... existing code ...\n    item = store.fetch(key)\n    if item is None:\n        return None";
    refused(file, &Edit::new(old, new));
}
