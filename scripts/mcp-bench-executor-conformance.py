#!/usr/bin/env python3
"""Regenerates test/fixtures/mcp-bench-conformance/executor-expected.json: the rounds and calls of MCP-Bench's own
executor (agent/executor.py `TaskExecutor.execute`, unchanged) for each of the 104 messy planner scripts
(test/support/messy-planner-scripts.ts), which the released-code planner must reproduce, and benchmark/evaluator.py's
schema compliance of each call on its arguments as the model wrote them (`_check_schema_compliance`, and the task's
`input_schema_compliance` from `_calculate_tool_accuracy_metrics`), with the fixtures' input schemas.

    python3 scripts/mcp-bench-executor-conformance.py /work/.mirror/Accenture+mcp-bench/repo

The stand-ins are those of scripts/mcp-bench-conformance.py: a model that replays the script to planning and
format-fix requests (MCP-Bench's own JSON reader reads them) and answers anything else with a fixed text, and
servers whose tools answer with their arguments. The catalog is keyed by this project's tool names, so the
config's `sequential_only_tools` (`Google Maps:<tool>`) are given under the same names (`google-maps__<tool>`).
The file holds tool names, arguments and round numbers: nothing of MCP-Bench's.
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..')
FIXTURES = os.path.join(ROOT, 'test', 'fixtures', 'mcp-bench-conformance')
sys.path.insert(0, HERE)
conformance = __import__('mcp-bench-conformance')


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root, commit = conformance.export_mirror(sys.argv[1])
    cases_file = os.path.join(tempfile.mkdtemp(prefix='executor-cases-'), 'cases.json')
    subprocess.run(['npx', 'tsx', os.path.join(HERE, 'mcp-bench-executor-cases.ts'), cases_file], cwd=ROOT, check=True)
    cases = json.load(open(cases_file))['cases']

    sys.path.insert(0, root)
    os.chdir(root)
    import logging
    logging.disable(logging.CRITICAL)
    conformance.install_stand_ins()
    from llm.provider import LLMProvider
    import agent.executor as executor_module
    import config.config_loader as config_loader
    from benchmark.evaluator import TaskEvaluator
    evaluator = TaskEvaluator.__new__(TaskEvaluator)

    released = config_loader.get_sequential_only_tools()
    renamed = [f"google-maps__{name.split(':', 1)[1]}" for name in released if name.startswith('Google Maps:')]
    if len(renamed) != len(released):
        sys.exit(f'sequential_only_tools names a server other than Google Maps: {released}')
    executor_module.config_loader.get_sequential_only_tools = lambda: renamed

    out = []
    for case in cases:
        tools = {t['name']: {'server': t['server'], 'description': t['name'], 'input_schema': t.get('inputSchema') or {}} for t in case['tools']}
        executor = executor_module.TaskExecutor(conformance.ScriptedLLM(LLMProvider, case['replies']), conformance.StandInServers(tools))
        result = asyncio.run(executor.execute('scripted task'))
        out.append({
            'id': case['id'],
            'total_rounds': result['total_rounds'],
            'calls': [[r['round_num'], r['tool'] if isinstance(r['tool'], str) else str(r['tool']), r['parameters']] for r in result['execution_results']],
            'schemaCompliant': [evaluator._check_schema_compliance(r['tool'], r['parameters'], tools) if r['tool'] in tools else None for r in result['execution_results']],
            'inputSchemaCompliance': evaluator._calculate_tool_accuracy_metrics(result['execution_results'], tools, 1.0)['input_schema_compliance'],
        })
    expected = {
        'generatedBy': 'scripts/mcp-bench-executor-conformance.py',
        'source': {'repository': 'github.com/Accenture/mcp-bench', 'commit': commit},
        'python': sys.version.split()[0],
        'sequentialOnlyTools': renamed,
        'cases': out,
    }
    with open(os.path.join(FIXTURES, 'executor-expected.json'), 'w') as f:
        json.dump(expected, f, indent=1)
        f.write('\n')
    print(f'wrote executor-expected.json from mcp-bench {commit}: {len(out)} runs, {sum(len(c["calls"]) for c in out)} calls')


if __name__ == '__main__':
    main()
