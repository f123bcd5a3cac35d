import type { McpBenchTemplates } from '../../src/contracts/mcp-bench-templates.ts'

/**
 * Templates in the shape `mcp-bench import` stores, written for the tests in this project's own words (the
 * real ones are MCP-Bench's prose, taken from the user's checkout). Every part says what it stands for.
 */
export const STAND_IN_TEMPLATES: McpBenchTemplates = {
  version: 1,
  source: { commit: 'stand-in' },
  judge: {
    system: 'SYSTEM: grade the run',
    headConcrete: [
      'HEAD',
      'shown task: "{{TASK}}"\nreference task: "{{CONCRETE}}"',
      'answer: "{{FINAL_SOLUTION}}" rounds: {{TOTAL_ROUNDS}}\nsummary:\n{{EXECUTION_SUMMARY}}\ntools ({{TOOL_COUNT}}):\n{{TOOLS}}',
    ],
    headPlain: [
      'HEAD',
      'task: "{{TASK}}"',
      'answer: "{{FINAL_SOLUTION}}" rounds: {{TOTAL_ROUNDS}}\nsummary:\n{{EXECUTION_SUMMARY}}\ntools ({{TOOL_COUNT}}):\n{{TOOLS}}',
    ],
    dimensionHeading: ['## {{DIMENSION}}'],
    subDimension: '{{INDEX}}) {{SUBDIMENSION}}',
    band: '  * {{RANGE}} => {{TEXT}}',
    afterSubDimension: [''],
    tail: ['REPLY FORMAT: flat keys with _reasoning'],
    dimensions: [
      {
        name: 'Completion',
        subDimensions: [
          {
            name: 'Fulfilment',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
          {
            name: 'Grounding',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
        ],
      },
      {
        name: 'Tools',
        subDimensions: [
          {
            name: 'Choice',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
          {
            name: 'Arguments',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
        ],
      },
      {
        name: 'Planning',
        subDimensions: [
          {
            name: 'Order',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
          {
            name: 'Parallel',
            bands: [
              ['1-5', 'low'],
              ['6-10', 'high'],
            ],
          },
        ],
      },
    ],
    summary: {
      empty: 'NO CALLS',
      counts: ['rounds={{TOTAL_ROUNDS}}', 'calls={{CALLS}}', 'ok={{SUCCEEDED}}', 'failed={{FAILED}}'],
      succeeded: 'ok: {{NAMES}}',
      failed: 'failed: {{NAMES}}',
      separator: ' | ',
      nameSeparator: ', ',
      accumulated: '{{STATS}}\n== history ==\n{{ACCUMULATED}}',
    },
    tools: {
      empty: 'NO TOOLS',
      server: '<{{SERVER}}> {{COUNT}}',
      tool: ' - {{NAME}} = {{DESCRIPTION}}',
      descriptionLimit: 10,
      descriptionCut: '~',
      missingDescription: '(none)',
    },
  },
  executor: {
    roundHeader: '\n# round {{ROUND}}\n',
    succeeded: 'OK {{TOOL}} {{PARAMETERS}} @{{SERVER}}: {{CONTENT}}',
    failed: 'ERR {{TOOL}} {{PARAMETERS}} @{{SERVER}}: {{CONTENT}}',
    succeededSummarised: 'OK {{TOOL}} {{PARAMETERS}} @{{SERVER}} ({{TOKENS}} tokens, summary): {{CONTENT}}',
    failedSummarised: 'ERR {{TOOL}} {{PARAMETERS}} @{{SERVER}} ({{TOKENS}} tokens, summary): {{CONTENT}}',
    succeededTruncated: 'OK {{TOOL}} {{PARAMETERS}} @{{SERVER}} (cut): {{CONTENT}}...',
    failedTruncated: 'ERR {{TOOL}} {{PARAMETERS}} @{{SERVER}} (cut): {{CONTENT}}...',
    unknownTool: 'no tool {{TOOL}}',
    unknownToolServer: 'nowhere',
    config: { summaryThresholdTokens: 10, resultCut: 12, errorCut: 6, maxRounds: 20, planningTokens: 12000, sequentialOnlyTools: [] },
  },
  planner: {
    planningSystem: 'PLANNER for round {{ROUND}}',
    planning:
      'TASK "{{TASK}}" ROUND {{ROUND}} OF {{MAX_ROUNDS}}\nTOOLS:{{TOOLS}}\nSO FAR:{{SUMMARY}}\nREPLY: reasoning, should_continue, planned_tools',
    firstRound: ' nothing yet',
    accumulated: '\n[history]\n{{ACCUMULATED}}',
    nothingYet: ' (history empty)',
    tool: '\n* {{NAME}} on {{SERVER}}: {{DESCRIPTION}}',
    toolWithSchema: '\n* {{NAME}} on {{SERVER}}: {{DESCRIPTION}}\n{{SCHEMA}}',
    formatFixSystem: 'FIXER',
    formatFix: 'fix this: {{REPLY}}',
    summarySystem: 'SUMMARISER',
    summary: 'under {{THRESHOLD}} tokens: {{CONTENT}}',
    summaryFailed: ' [no summary]',
    compressionSystem: 'COMPRESSOR',
    compression: 'to {{TARGET}} tokens: {{HISTORY}}',
    compressionRules: { early: '[early cut]\n\n', marker: '# round ', middle: '[rounds 2-{{LAST}} cut]', cut: '\n\n[middle cut]\n\n' },
    finalSystem: 'ANSWERER',
    final: 'TASK "{{TASK}}" after {{CALLS}} calls:\n{{ACCUMULATED}}',
    config: {
      formatFixTokens: 8000,
      summaryTokens: 10000,
      promptCut: 30000,
      tokenReductionFactors: [0.9, 0.8, 0.7],
      compressionTargetTokens: 20,
      tokenLimitErrors: ['context length'],
      contentFilterErrors: ['content_filter'],
    },
  },
}
