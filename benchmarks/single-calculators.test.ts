import { mcpTask } from 'vitest-mcp-bench'

// Single-server tasks on the calculator-style servers: math, unit-converter,
// scientific-computing (per-task tensor store) and medical-calculator.

// ── math ────────────────────────────────────────────────────────────────────

mcpTask(
  'math/split-the-dinner-bill',
  {
    servers: ['math'],
    category: 'single-server/single',
    prompt: "Use the math tools to divide the restaurant bill of $487.50 evenly among 6 people, and report each person's share.",
    fuzzy: "Dinner for the six of us came to $487.50 and we're splitting it evenly. How much does each person owe?",
    reference: {
      calls: [{ id: 'share', tool: 'math.division', args: { numerator: 487.5, denominator: 6 } }],
      answer: 'Split six ways, the $487.50 bill comes to $81.25 per person.',
      facts: ['81.25'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('math.division', { numerator: 487.5, denominator: 6 })
  },
)

mcpTask(
  'math/cabin-cost-share',
  {
    servers: ['math'],
    category: 'single-server/sequential',
    prompt:
      'With the math tools: (1) add the cabin rental ($1,260), the cleaning fee ($385.50) and the park passes ($212.25); (2) divide that total by the 4 friends; (3) round each share up to the next whole dollar. Report the total, the exact share and the rounded-up amount each friend should send.',
    fuzzy:
      "The 4 of us are sharing a cabin trip: $1,260 for the rental, a $385.50 cleaning fee and $212.25 for park passes. What does it all come to, what is each person's exact share, and how much should each of us send if we round up to whole dollars?",
    reference: {
      calls: [
        { id: 'total', tool: 'math.sum', args: { numbers: [1260, 385.5, 212.25] } },
        { id: 'share', tool: 'math.division', args: { numerator: 1857.75, denominator: 4 }, after: ['total'] },
        { id: 'rounded', tool: 'math.ceiling', args: { number: 464.4375 }, after: ['share'] },
      ],
      answer: 'The trip costs $1,857.75 in total. Split four ways that is $464.4375 (about $464.44) each, so each friend should send $465.',
      facts: ['1,857.75', '465'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('math.sum')
    expect(run).toFollowDependencies()
  },
)

// ── unit-converter ─────────────────────────────────────────────────────────

mcpTask('unit-converter/oven-temperature', {
  servers: ['unit-converter'],
  category: 'single-server/single',
  prompt: "Convert the recipe's oven temperature of 180 °C to Fahrenheit with the unit converter and report the result.",
  fuzzy: 'This European cake recipe says to bake at 180 degrees Celsius. What should I set my American oven to in Fahrenheit?',
  reference: {
    calls: [{ id: 'temp', tool: 'unit-converter.convert_temperature', args: { value: 180, from_unit: 'celsius', to_unit: 'fahrenheit' } }],
    answer: '180 °C is exactly 356 °F, so set the oven to 356 °F (most ovens: 350–360 °F).',
    facts: ['356'],
  },
})

mcpTask(
  'unit-converter/trail-stats',
  {
    servers: ['unit-converter'],
    category: 'single-server/parallel',
    prompt:
      'For a hiking brochure, use the unit converter to convert three independent figures: the 10 km loop length to miles, the 5,000 ft elevation gain to metres, and the 20 kg recommended pack limit to pounds. Report all three.',
    fuzzy:
      "I'm writing a hiking brochure for mixed audiences. The loop is 10 km long, climbs 5,000 feet, and we recommend packs under 20 kg. Can you give me the length in miles, the climb in metres and the pack limit in pounds?",
    reference: {
      calls: [
        { id: 'length', tool: 'unit-converter.convert_length', args: { value: 10, from_unit: 'kilometer', to_unit: 'mile' } },
        { id: 'gain', tool: 'unit-converter.convert_length', args: { value: 5000, from_unit: 'foot', to_unit: 'meter' } },
        { id: 'pack', tool: 'unit-converter.convert_mass', args: { value: 20, from_unit: 'kilogram', to_unit: 'pound' } },
      ],
      answer: 'The 10 km loop is 6.21 miles (6.2137), the 5,000 ft climb is 1,524 m, and the 20 kg pack limit is 44.09 lb.',
      facts: ['6.21', '1,524', '44.09'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('unit-converter.convert_mass', { value: 20 })
  },
)

// ── scientific-computing (fresh tensor store per task) ──────────────────────

mcpTask('scientific-computing/rotating-flow-vorticity', {
  servers: ['scientific-computing'],
  category: 'single-server/single',
  prompt:
    'Compute the curl of the 2-D rotating flow F = [-y, x, 0] with the scientific-computing tools, evaluated at the point (1, 1, 0), and report the symbolic curl and its value there.',
  fuzzy:
    'I have a fluid rotating about the vertical axis with velocity field [-y, x, 0]. What is its vorticity (the curl), both as an expression and at the point (1, 1, 0)?',
  reference: {
    calls: [{ id: 'curl', tool: 'scientific-computing.curl', args: { f_str: '[-y, x, 0]', point: [1, 1, 0] } }],
    answer:
      'The curl of [-y, x, 0] is the constant vector [0, 0, 2], so at (1, 1, 0) the vorticity is [0, 0, 2]: a rotation rate of 2 about the z-axis.',
    facts: [{ value: '0, 0, 2', anyOf: ['0,0,2', '0 0 2', '2k', '2 k', '2ẑ', '2 ẑ'] }],
  },
})

mcpTask('scientific-computing/field-divergence-and-curl', {
  servers: ['scientific-computing'],
  category: 'single-server/parallel',
  prompt:
    'For the vector field F = [x*y, y*z, z*x], use the scientific-computing tools to compute its divergence and its curl, each evaluated at the point (1, 2, 3). Report the symbolic results and their values at that point.',
  fuzzy:
    'For the vector field [x*y, y*z, z*x], what are its divergence and its curl, both as formulas and evaluated at the point (1, 2, 3)?',
  reference: {
    calls: [
      { id: 'div', tool: 'scientific-computing.divergence', args: { f_str: '[x*y, y*z, z*x]', point: [1, 2, 3] } },
      { id: 'curl', tool: 'scientific-computing.curl', args: { f_str: '[x*y, y*z, z*x]', point: [1, 2, 3] } },
    ],
    answer: 'The divergence is x + y + z, which is 6 at (1, 2, 3). The curl is [-y, -z, -x], which is [-2, -3, -1] at that point.',
    facts: [
      { value: 'x + y + z', anyOf: ['C.x + C.y + C.z'] },
      '6',
      { value: '-y, -z, -x', anyOf: ['(-C.y)*C.i + (-C.z)*C.j + (-C.x)*C.k'] },
      '-3',
    ],
  },
})

mcpTask(
  'scientific-computing/invert-a-3x3',
  {
    servers: ['scientific-computing'],
    category: 'single-server/sequential',
    prompt:
      'Store the matrix A = [[2, 1, 1], [1, 3, 2], [1, 0, 0]] in the tensor store under the name "A" (create_tensor, shape [3, 3]), then compute its determinant and its inverse. Report both.',
    fuzzy:
      'I need to invert the 3×3 matrix with rows [2, 1, 1], [1, 3, 2] and [1, 0, 0]. Is it invertible (what is its determinant), and what is the inverse?',
    reference: {
      calls: [
        {
          id: 'create',
          tool: 'scientific-computing.create_tensor',
          args: { shape: [3, 3], values: [2, 1, 1, 1, 3, 2, 1, 0, 0], name: 'A' },
        },
        { id: 'det', tool: 'scientific-computing.determinant', args: { name: 'A' }, after: ['create'] },
        { id: 'inv', tool: 'scientific-computing.matrix_inverse', args: { name: 'A' }, after: ['create'] },
      ],
      answer: 'The determinant is -1, so the matrix is invertible. Its inverse has rows [0, 0, 1], [-2, 1, 3] and [3, -1, -5].',
      facts: ['-1', '-2', '-5'],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('scientific-computing.create_tensor')
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'scientific-computing/covariance-principal-axes',
  {
    servers: ['scientific-computing'],
    category: 'single-server/sequential',
    prompt:
      'Store the 2×2 covariance matrix [[5, 2], [2, 2]] in the tensor store (create_tensor, name "cov"), then compute its eigenvalues and eigenvectors. Report the eigenvalues, the principal eigenvector, and the share of total variance along the first principal axis.',
    fuzzy:
      'Two features in my data set have variances 5 and 2 and a covariance of 2. What are the principal components of that covariance matrix: the eigenvalues, the main direction, and how much of the variance the first component explains?',
    reference: {
      calls: [
        { id: 'create', tool: 'scientific-computing.create_tensor', args: { shape: [2, 2], values: [5, 2, 2, 2], name: 'cov' } },
        { id: 'eigen', tool: 'scientific-computing.compute_eigen', args: { name: 'cov' }, after: ['create'] },
      ],
      answer:
        'The eigenvalues are 6 and 1. The principal eigenvector is [0.894427191, 0.4472135955] (the direction [2, 1] normalised), and the first component explains 6/7 ≈ 85.7% of the total variance of 7.',
      facts: ['6', '1', '0.894427191', { value: '85.7%', anyOf: ['0.857', '6/7'], derived: 'the larger eigenvalue over their sum: 6 / 7' }],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)

mcpTask(
  'scientific-computing/rotate-a-vector',
  {
    servers: ['scientific-computing'],
    category: 'single-server/sequential',
    prompt:
      'Store the 90° rotation matrix R = [[0, -1], [1, 0]] as "R" and the vector v = [3, 4] as "v" in the tensor store, then multiply R by v and report the rotated vector.',
    fuzzy:
      'Rotate the vector [3, 4] by 90 degrees counter-clockwise using the rotation matrix with rows [0, -1] and [1, 0]. Where does the vector end up?',
    reference: {
      calls: [
        { id: 'R', tool: 'scientific-computing.create_tensor', args: { shape: [2, 2], values: [0, -1, 1, 0], name: 'R' } },
        { id: 'v', tool: 'scientific-computing.create_tensor', args: { shape: [2], values: [3, 4], name: 'v' } },
        { id: 'product', tool: 'scientific-computing.multiply_matrices', args: { name_a: 'R', name_b: 'v' }, after: ['R', 'v'] },
      ],
      answer: 'R·v = [-4,3]: the vector [3, 4] rotated 90° counter-clockwise is [-4, 3] (its length stays 5).',
      // The rotated vector as a whole: its 3 alone is a number the prompt already has.
      facts: [{ value: '-4,3', anyOf: ['-4, 3', '(-4, 3)', '-4 3', '-4i + 3j', '-4.  3.'] }],
    },
  },
  ({ run, expect }) => {
    expect(run).toCallTool('scientific-computing.multiply_matrices')
    expect(run).toFollowDependencies()
  },
)

// ── medical-calculator ──────────────────────────────────────────────────────

mcpTask('medical-calculator/afib-stroke-risk', {
  servers: ['medical-calculator'],
  category: 'single-server/single',
  prompt:
    'Use the medical calculator to compute the CHA₂DS₂-VASc score of a 72-year-old woman with atrial fibrillation, hypertension and diabetes (no heart failure, no prior stroke or TIA, no vascular disease). Report the score, the annual stroke risk and the recommendation.',
  fuzzy:
    'My patient with atrial fibrillation is a 72-year-old woman with hypertension and diabetes; no heart failure, no previous stroke or TIA, and no vascular disease. What is her stroke-risk score and her yearly stroke risk, and should she be anticoagulated?',
  reference: {
    calls: [
      {
        id: 'score',
        tool: 'medical-calculator.chads2_vasc_score',
        args: { age: 72, female: true, chf: false, hypertension: true, stroke_history: false, vascular_disease: false, diabetes: true },
      },
    ],
    answer:
      'Her CHA₂DS₂-VASc score is 4 (age 65–74, female sex, hypertension and diabetes one point each): high risk, with an annual stroke risk of about 4.8%. Oral anticoagulation is recommended.',
    // "Anticoagulated" is the prompt's own word, so the recommendation is left to the judge.
    facts: ['4', '4.8%'],
  },
})

mcpTask('medical-calculator/due-date', {
  servers: ['medical-calculator'],
  category: 'single-server/single',
  prompt:
    'Use the pregnancy calculator with the last-menstrual-period method for an LMP of 2025-03-01 (28-day cycle). Report the estimated due date, the current gestational age and the trimester.',
  fuzzy:
    "A patient's last menstrual period started on 2025-03-01 and her cycles are a regular 28 days. When is she due, how far along is she today, and which trimester is she in?",
  reference: {
    calls: [
      {
        id: 'pregnancy',
        tool: 'medical-calculator.pregnancy_calculator',
        args: { calculation_method: 'lmp', date_value: '2025-03-01', cycle_length: 28 },
      },
    ],
    answer:
      'The estimated due date is 2025-12-06. Today (2025-06-15) she is 15 weeks 1 day (15w1d), in the second trimester, with 174 days to go.',
    facts: [
      {
        value: '2025-12-06',
        anyOf: [
          '6 December 2025',
          'December 6, 2025',
          'Dec 6, 2025',
          '6 Dec 2025',
          'December 6 2025',
          '6 December',
          'December 6',
          '6 Dec',
          'Dec 6',
          '6th December',
          'December 6th',
        ],
      },
      // The tool writes 15w1d; people write it out.
      {
        value: '15w1d',
        anyOf: ['15 weeks 1 day', '15 weeks and 1 day', '15 weeks, 1 day', '15 weeks + 1 day', '15w 1d', '15+1 weeks', '15 weeks 1 day'],
      },
      { value: 'second trimester', anyOf: ['2nd trimester'], forbid: ['first trimester', 'third trimester'] },
    ],
  },
})

mcpTask('medical-calculator/weight-and-kidney-check', {
  servers: ['medical-calculator'],
  category: 'single-server/parallel',
  prompt:
    'For a 64-year-old woman weighing 71 kg at 160 cm with serum creatinine 1.1 mg/dL, use the medical calculator to compute her BMI (and BSA) and her eGFR with the 2021 CKD-EPI creatinine equation. Report BMI with its class and eGFR with its CKD stage.',
  fuzzy:
    'Annual check-up for a 64-year-old woman: 71 kg, 160 cm tall, serum creatinine 1.1 mg/dL. What are her BMI and weight category, and what is her kidney function (eGFR and CKD stage)?',
  reference: {
    calls: [
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 71, height: 160 } },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.1, age: 64, male: false } },
    ],
    answer: 'Her BMI is 27.73 (overweight; BSA 1.78 m²). Her eGFR is 56.1 mL/min/1.73m², CKD stage G3a (mildly to moderately decreased).',
    facts: ['27.73', 'overweight', '56.1', { value: 'G3a', forbid: ['G3b'], derived: 'the KDIGO stage of an eGFR of 56.1 (45-59)' }],
  },
})

mcpTask('medical-calculator/cirrhosis-severity', {
  servers: ['medical-calculator'],
  category: 'single-server/parallel',
  prompt:
    'For a 54-year-old man with cirrhosis (bilirubin 2.5 mg/dL, albumin 3.0 g/dL, INR 1.8, creatinine 1.2 mg/dL, sodium 132 mEq/L, slight ascites, no encephalopathy, not on dialysis), use the medical calculator to compute both the Child-Pugh score and MELD 3.0. Report the Child-Pugh points and class and the MELD 3.0 score.',
  fuzzy:
    'A 54-year-old man with cirrhosis has bilirubin 2.5 mg/dL, albumin 3.0 g/dL, INR 1.8, creatinine 1.2 mg/dL and sodium 132 mEq/L, with slight ascites, no encephalopathy and no dialysis. How severe is his liver disease by Child-Pugh, and what is his MELD 3.0?',
  reference: {
    calls: [
      {
        id: 'pugh',
        tool: 'medical-calculator.child_pugh_score',
        args: { bilirubin: 2.5, albumin: 3.0, inr: 1.8, ascites: 'slight', encephalopathy_grade: 0 },
      },
      {
        id: 'meld',
        tool: 'medical-calculator.meld_3',
        args: { age: 54, female: false, bilirubin: 2.5, inr: 1.8, creatinine: 1.2, albumin: 3.0, sodium: 132, dialysis: false },
      },
    ],
    answer: 'Child-Pugh score 9, class B. MELD 3.0 is 21 (unrounded 21.31).',
    facts: [
      '9',
      {
        value: 'class B',
        anyOf: ['grade B'],
        forbid: ['class A', 'class C'],
        derived: 'the Child-Pugh result\'s "class": "B", said as a clinician would',
      },
      '21',
    ],
  },
})

mcpTask(
  'medical-calculator/cvd-risk-from-kidney-function',
  {
    servers: ['medical-calculator'],
    category: 'single-server/sequential',
    prompt:
      'A 58-year-old man: serum creatinine 1.3 mg/dL, total cholesterol 5.4 mmol/L, HDL 1.1 mmol/L, systolic BP 142 mmHg on antihypertensives, current smoker, no diabetes, no statin. First compute his eGFR with the 2021 CKD-EPI creatinine equation, then use that eGFR in the AHA PREVENT 10-year CVD risk calculation. Report the eGFR and the 10-year risk with its category.',
    fuzzy:
      'I want the 10-year cardiovascular risk for a 58-year-old man who smokes, takes blood-pressure tablets (systolic 142 mmHg) but no statin and has no diabetes. His total cholesterol is 5.4 mmol/L, HDL 1.1 mmol/L, and serum creatinine 1.3 mg/dL; the risk model needs his kidney function too. What are his eGFR and his 10-year risk, and which risk category is that?',
    reference: {
      calls: [
        { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.3, age: 58, male: true } },
        {
          id: 'prevent',
          tool: 'medical-calculator.prevent_cvd_risk',
          args: {
            age: 58,
            female: false,
            tc: 5.4,
            hdl: 1.1,
            sbp: 142,
            diabetes: false,
            current_smoker: true,
            egfr: 63.7,
            using_antihtn: true,
            using_statins: false,
          },
          after: ['egfr'],
        },
      ],
      answer:
        'His eGFR is 63.7 mL/min/1.73m² (CKD stage G2). With that eGFR, his PREVENT 10-year total CVD risk is 14.1%, in the intermediate category.',
      facts: ['63.7', '14.1', 'intermediate'],
    },
  },
  ({ run, expect }) => {
    expect(run).toFollowDependencies()
  },
)
