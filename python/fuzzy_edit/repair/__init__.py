"""The DiffCoder repair loop (seed 002): verifier → model → modifications → apply → verify.

>>> from fuzzy_edit.repair import repair
>>> answers = iter(['{"modifications": [{"old_string": "return a - b", "new_string": "return a + b"}]}'])
>>> result = repair(
...     "def add(a, b):\\n    return a - b\\n",
...     verifier=lambda code: "a + b" in code,
...     model=lambda messages: next(answers),
... )
>>> result.success, result.stop_reason, len(result.rounds)
(True, 'passed', 1)
"""

from .loop import STOP_REASONS, RepairResult, Round, feedback_for, repair
from .model import Model, ModelError, ModelReply, OpenAIChat
from .prompt import PLACEHOLDERS, PromptTemplate, build_messages, number_lines, truncate_error_log
from .verify import ShellVerifier, Verdict, Verifier

__all__ = [
    "repair",
    "RepairResult",
    "Round",
    "STOP_REASONS",
    "feedback_for",
    "Model",
    "ModelError",
    "ModelReply",
    "OpenAIChat",
    "PromptTemplate",
    "PLACEHOLDERS",
    "build_messages",
    "number_lines",
    "truncate_error_log",
    "ShellVerifier",
    "Verdict",
    "Verifier",
]
