// opencode's `replace` (packages/opencode/src/tool/edit.ts), with fuzzy-edit's engine behind it.

/** The messages opencode's `replace` throws, which this one throws for the same cases. */
export declare const messages: {
  readonly identical: 'No changes to apply: oldString and newString are identical.'
  readonly notFound: 'Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings.'
  readonly multiple: 'Found multiple matches for oldString. Provide more surrounding context to make the match unique.'
}

/**
 * The content with `oldString` replaced by `newString`; throws an Error with one of
 * `messages` when the edit is refused: a plain Error for identical strings (checked first, as
 * opencode does), else a FuzzyEditError with fuzzy-edit's own feedback as `feedback` and the
 * refusal as `details`.
 */
export declare function replace(content: string, oldString: string, newString: string, replaceAll?: boolean): string
