#!/usr/bin/env python3
"""MCP-Bench's prompt builders with their wording swapped for made-up words: what lets CI check this project's
rendering of MCP-Bench's prompts against MCP-Bench's own code without carrying a sentence of MCP-Bench's prose.

    import mcp-bench-synthetic; mcp-bench-synthetic.swap_wording(export_dir)

In an exported checkout, benchmark/evaluator.py, agent/executor.py and mcp_modules/connector.py are rewritten
(Python's ast) so that every word of two letters or more in their string literals (f-string text and plain
strings with a space in them) becomes a made-up word of six letters, the same word for the same word within
one run, from a keyed hash whose key is drawn at random and never written down. Placeholders (`{name}`,
`%s`), numbers, punctuation, whitespace and one-letter words stay, and so do the code and the data: the
builders run exactly as they do on MCP-Bench's words. `src/import/mcp-bench-templates.py` then reads
templates out of the rewritten checkout, and the conformance scripts run the rewritten code: both are
committed (test/fixtures/mcp-bench-conformance/*.synthetic.json), regenerated together by
scripts/mcp-bench-synthetic-conformance.sh.
"""
import ast
import hashlib
import hmac
import os
import re

FILES = ('benchmark/evaluator.py', 'agent/executor.py', 'mcp_modules/connector.py')
# Letters the template extractor never counts in its probes ('q', 'x' and 'y' fill its long results).
ALPHABET = 'abcdefghijklmnoprstuvwz'
TOKEN = re.compile(r'\{[^{}]*\}|%[-#0+]*\d*(?:\.\d+)?[sdifrxXeEgGc%]|[A-Za-z]{2,}')


class Swapper(ast.NodeTransformer):
    def __init__(self, key: bytes):
        self.key = key

    def word(self, w: str) -> str:
        digest = hmac.new(self.key, w.encode(), hashlib.sha256).digest()
        return ''.join(ALPHABET[b % len(ALPHABET)] for b in digest[:6])

    def text(self, s: str, placeholders: bool) -> str:
        def one(m):
            token = m.group(0)
            if placeholders and (token.startswith('{') or token.startswith('%')):
                return token
            return self.word(token) if token[0].isalpha() else token
        return TOKEN.sub(one, s)

    def visit_JoinedStr(self, node):
        for i, value in enumerate(node.values):
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.values[i] = ast.copy_location(ast.Constant(self.text(value.value, placeholders=False)), value)
            elif isinstance(value, ast.FormattedValue):
                value.value = self.visit(value.value)  # strings inside the expression; the format spec stays
        return node

    def visit_Constant(self, node):
        if isinstance(node.value, str) and re.search(r'\s', node.value) and re.search('[A-Za-z]{2}', node.value):
            return ast.copy_location(ast.Constant(self.text(node.value, placeholders=True)), node)
        return node

    def visit_Expr(self, node):
        # Docstrings are nobody's prompt: left alone (ast.unparse keeps them).
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node
        return self.generic_visit(node)


def swap_wording(root: str) -> None:
    """Rewrites the export in place. The key: MCP_BENCH_SYNTHETIC_KEY (hex), which
    scripts/mcp-bench-synthetic-conformance.sh draws for one run of every conformance script, else a new one."""
    key = os.environ.get('MCP_BENCH_SYNTHETIC_KEY')
    swapper = Swapper(bytes.fromhex(key) if key else os.urandom(32))
    for name in FILES:
        path = os.path.join(root, name)
        tree = ast.parse(open(path, encoding='utf-8').read(), filename=path)
        tree = ast.fix_missing_locations(swapper.visit(tree))
        with open(path, 'w', encoding='utf-8') as out:
            out.write(ast.unparse(tree) + '\n')
