// Gemini CLI's `calculateReplacement` (packages/core/src/tools/edit.ts), with fuzzy-edit's
// engine behind it. The types are structural, so Gemini's own Config and params fit.

import type { Refusal } from '../index'

export interface ReplacementContext {
  params: { file_path?: string; old_string: string; new_string: string; allow_multiple?: boolean; [key: string]: unknown }
  currentContent: string
  abortSignal?: AbortSignal
}

export interface ReplacementResult {
  newContent: string
  /** Replacements made; 0 when old_string was not found or refused, the count when ambiguous. */
  occurrences: number
  finalOldString: string
  finalNewString: string
  strategy?: 'exact' | 'flexible' | 'regex' | 'fuzzy'
  /** 1-based, inclusive line ranges of a fuzzy match. */
  matchRanges?: Array<{ start: number; end: number }>
  /** fuzzy-edit's refusal (its feedback for the model), when nothing was replaced. */
  refusal?: Refusal
}

/** Never rejects for an edit it cannot make: `occurrences` says why (Gemini's getErrorReplaceResult). */
export declare function calculateReplacement(config: unknown, context: ReplacementContext): Promise<ReplacementResult>
