import { mcpTask } from 'vitest-mcp-bench'

/**
 * Hard tier, clinical calculations over the medical-calculator fixture with
 * unit conversion and math. The patients are invented; the numbers arrive
 * in the units a chart would use (pounds, inches, SI lab values), so they
 * must be converted before a calculator can take them, and a first result
 * decides the next step (a low eGFR calls for a cystatin-based check, an
 * obese patient's fluids use the adjusted body weight). Not medical advice.
 */

mcpTask('hard/medical-calculator+unit-converter+math/pre-operative-workup', {
  servers: ['medical-calculator', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 4,
  prompt:
    'A 68-year-old man, 210 lb, 5 ft 10 in (70 in), serum creatinine 168 µmol/L, cystatin C 1.6 mg/L, blood pressure 150/90, with heart failure and insulin-treated diabetes, is booked for intraperitoneal surgery; he takes prednisone 10 mg daily. Convert weight to kg and height to cm, and creatinine to mg/dL (divide by 88.4). Compute MAP, the hydrocortisone equivalent of his prednisone, BMI and BSA, ideal and adjusted body weight, the CKD-EPI creatinine eGFR, the Cockcroft-Gault creatinine clearance, and the RCRI (creatinine over 2 mg/dL only if the converted value is). If the eGFR is below 60, also compute the creatinine-cystatin eGFR and the mean of the two eGFRs. If the BMI is 30 or more, compute maintenance fluids on the adjusted body weight, otherwise on the actual weight. Report every result and the decisions taken.',
  fuzzy:
    'Pre-op check for a 68-year-old man: 210 lb, 5 foot 10, creatinine 168 µmol/L and cystatin C 1.6 mg/L, BP 150/90. He has heart failure and insulin-treated diabetes, is going for intraperitoneal surgery and takes prednisone 10 mg a day. What are his BMI and body surface area, his mean arterial pressure, his kidney function (eGFR and Cockcroft-Gault clearance; if the eGFR is under 60 confirm it with cystatin C and give me the average of the two), his cardiac risk index and risk, his stress-dose equivalent in hydrocortisone, and his hourly maintenance fluids (use the adjusted weight if he is obese)?',
  reference: {
    calls: [
      { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 210, from_unit: 'pound', to_unit: 'kilogram' } },
      { id: 'cm', tool: 'unit-converter.convert_length', args: { value: 70, from_unit: 'inch', to_unit: 'centimeter' } },
      { id: 'scr', tool: 'math.division', args: { numerator: 168, denominator: 88.4 } },
      { id: 'map', tool: 'medical-calculator.map_calculator', args: { sbp: 150, dbp: 90 } },
      {
        id: 'steroid',
        tool: 'medical-calculator.steroid_conversion',
        args: { from_steroid: 'prednisone', from_dose_mg: 10, to_steroid: 'hydrocortisone' },
      },
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 95.25, height: 177.8 }, after: ['kg', 'cm'] },
      {
        id: 'weights',
        tool: 'medical-calculator.ibw_abw_calculator',
        args: { weight_kg: 95.25, height_inches: 70, male: true },
        after: ['kg'],
      },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.9, age: 68, male: true }, after: ['scr'] },
      {
        id: 'crcl',
        tool: 'medical-calculator.crcl_cockcroft_gault',
        args: { age: 68, weight: 95.25, height: 70, scr: 1.9, sex: 'male' },
        after: ['kg', 'scr'],
      },
      {
        id: 'rcri',
        tool: 'medical-calculator.revised_cardiac_risk_index',
        args: { high_risk_surgery: true, congestive_heart_failure: true, insulin_treatment: true, creatinine_over_2mg: false },
        after: ['scr'],
      },
      { id: 'egfr-cys', tool: 'medical-calculator.egfr_epi_cr_cys', args: { scr: 1.9, scys: 1.6, age: 68, male: true }, after: ['egfr'] },
      { id: 'fluids', tool: 'medical-calculator.maintenance_fluids', args: { weight_kg: 81.9 }, after: ['bmi', 'weights'] },
      { id: 'egfr-mean', tool: 'math.mean', args: { numbers: [37.9, 40.2] }, after: ['egfr', 'egfr-cys'] },
    ],
    answer:
      '210 lb is 95.25 kg and 70 in is 177.8 cm; creatinine 168 µmol/L is 1.90 mg/dL. MAP is 110 mmHg. BMI 30.13 (obesity class I), BSA 2.17 m². Ideal body weight 73 kg, adjusted 81.9 kg. The CKD-EPI creatinine eGFR is 37.9 mL/min/1.73m² (G3b), below 60, so the creatinine-cystatin eGFR was computed too: 40.2; their mean is 39.05. Cockcroft-Gault creatinine clearance is 43.1 mL/min (on the adjusted weight, 81.9 kg). Creatinine is not over 2 mg/dL, so the RCRI counts high-risk surgery, heart failure and insulin: score 3, class IV, about 15% 30-day risk of MI, cardiac arrest or death. Prednisone 10 mg equals hydrocortisone 40 mg. As he is obese, maintenance fluids use the adjusted weight, 81.9 kg: 121.9 mL/h (2925.6 mL a day).',
    facts: [
      { value: '30.13', goal: 'body size' },
      { value: '2.17', goal: 'body size' },
      { value: '110', goal: 'pressure' },
      { value: '37.9', goal: 'kidneys' },
      { value: '40.2', goal: 'kidneys' },
      { value: '39.05', goal: 'kidneys' },
      { value: '43.1', goal: 'kidneys' },
      { value: 'class IV', anyOf: ['class 4'], derived: 'the RCRI "risk_class": "IV"', goal: 'cardiac risk' },
      { value: '15%', derived: 'the RCRI "risk_percent": 15', goal: 'cardiac risk' },
      {
        value: 'hydrocortisone 40 mg',
        anyOf: ['40 mg hydrocortisone', '40 mg of hydrocortisone', 'hydrocortisone 40'],
        derived: "the steroid conversion's equivalent_dose_mg 40 for hydrocortisone",
        goal: 'steroid',
      },
      { value: '121.9', goal: 'fluids' },
    ],
  },
})

mcpTask('hard/medical-calculator+math/cirrhosis-in-si-units', {
  servers: ['medical-calculator', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    'A 56-year-old woman with cirrhosis: bilirubin 51 µmol/L, creatinine 133 µmol/L, albumin 28 g/L, sodium 128 mmol/L, INR 2.1, glucose 16.5 mmol/L, moderate ascites, grade 1-2 encephalopathy, no dialysis. Convert with the math tools: bilirubin ÷ 17.1, creatinine ÷ 88.4, albumin ÷ 10, glucose × 18. Compute Child-Pugh, MELD 3.0, the CKD-EPI eGFR and the glucose-corrected sodium. If MELD 3.0 is 15 or more, compute it again with the creatinine doubled (acute kidney injury) and with dialysis, and the difference from the current score for each. Report the converted values, class and points, MELD, eGFR, corrected sodium, and the two what-if scores with their increases.',
  fuzzy:
    'Transplant clinic question. A 56-year-old woman with cirrhosis has these labs, in SI units: bilirubin 51 µmol/L, creatinine 133 µmol/L, albumin 28 g/L, sodium 128 mmol/L, INR 2.1 and glucose 16.5 mmol/L. She has moderate ascites and mild (grade 1-2) encephalopathy and is not on dialysis. What are her glucose in mg/dL, her Child-Pugh class and MELD 3.0, her eGFR, and her sodium once corrected for the high glucose (Katz correction)? If her MELD is 15 or above, how much would it rise if her creatinine doubled, and if she needed dialysis?',
  reference: {
    calls: [
      { id: 'bili', tool: 'math.division', args: { numerator: 51, denominator: 17.1 } },
      { id: 'creat', tool: 'math.division', args: { numerator: 133, denominator: 88.4 } },
      { id: 'alb', tool: 'math.division', args: { numerator: 28, denominator: 10 } },
      { id: 'glucose', tool: 'math.multiply', args: { firstNumber: 16.5, SecondNumber: 18 } },
      {
        id: 'pugh',
        tool: 'medical-calculator.child_pugh_score',
        args: { bilirubin: 2.98, albumin: 2.8, inr: 2.1, ascites: 'moderate', encephalopathy_grade: 1 },
        after: ['bili', 'alb'],
      },
      {
        id: 'meld',
        tool: 'medical-calculator.meld_3',
        args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 1.5, albumin: 2.8, sodium: 128, dialysis: false },
        after: ['bili', 'creat', 'alb'],
      },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.5, age: 56, male: false }, after: ['creat'] },
      { id: 'sodium', tool: 'medical-calculator.corrected_sodium', args: { measured_sodium: 128, serum_glucose: 297 }, after: ['glucose'] },
      {
        id: 'meld-aki',
        tool: 'medical-calculator.meld_3',
        args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 3, albumin: 2.8, sodium: 128, dialysis: false },
        after: ['meld'],
      },
      {
        id: 'meld-dialysis',
        tool: 'medical-calculator.meld_3',
        args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 1.5, albumin: 2.8, sodium: 128, dialysis: true },
        after: ['meld'],
      },
      { id: 'rise-aki', tool: 'math.subtract', args: { minuend: 36, subtrahend: 29 }, after: ['meld-aki'] },
      { id: 'rise-dialysis', tool: 'math.subtract', args: { minuend: 36, subtrahend: 29 }, after: ['meld-dialysis'] },
    ],
    answer:
      'Converted: bilirubin 2.98 mg/dL, creatinine 1.50 mg/dL, albumin 2.8 g/dL, glucose 297 mg/dL. Child-Pugh score 11, class C. MELD 3.0 is 29 (unrounded 29.37). Her CKD-EPI eGFR is 40.6 mL/min/1.73m² (G3b). Corrected for glucose her sodium is about 131.15 mEq/L (Katz; 132.73 by Hillier). MELD is over 15, so the what-ifs: with creatinine doubled to 3.0 mg/dL, MELD 3.0 rises to 36, and with dialysis also to 36, 7 points higher in each case.',
    facts: [
      { value: '297', goal: 'conversions' },
      {
        value: 'class C',
        anyOf: ['grade C'],
        forbid: ['class A', 'class B'],
        derived: 'the Child-Pugh result\'s "class": "C"',
        goal: 'liver scores',
      },
      { value: '29', goal: 'liver scores' },
      { value: '40.6', goal: 'kidneys' },
      { value: '131.15', goal: 'sodium' },
      { value: '36', goal: 'what-if' },
      { value: '7 points', anyOf: ['by 7', '+7', '7-point', 'seven points'], derived: '36 minus 29 from the subtraction', goal: 'what-if' },
    ],
  },
})

mcpTask('hard/medical-calculator+math/cardiovascular-risk-two-ways', {
  servers: ['medical-calculator', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    'A 58-year-old man who smokes: total cholesterol 6.2 mmol/L, HDL 1.0 mmol/L, systolic BP 148 untreated, no diabetes, creatinine 97 µmol/L, fasting insulin 18 µIU/mL, fasting glucose 6.1 mmol/L. Convert creatinine to mg/dL (÷ 88.4), cholesterol values to mg/dL (× 38.67) and glucose to mg/dL (× 18) with the math tools. Compute the CKD-EPI eGFR, the Framingham 10-year risk (mg/dL values), HOMA-IR and then the AHA PREVENT 10-year CVD risk (mmol/L values and the eGFR). If the PREVENT risk is 7.5% or more, compute both scores again as a non-smoker and the risk reduction of each. Report all values, the two risks, the insulin-resistance reading, and the gains from quitting.',
  fuzzy:
    'My patient is a 58-year-old man who smokes. Cholesterol 6.2 mmol/L total and HDL 1.0, systolic pressure 148 without treatment, no diabetes, creatinine 97 µmol/L, fasting insulin 18 and fasting glucose 6.1 mmol/L. What is his 10-year risk by the old Framingham score and by the newer PREVENT equations, and what is his kidney function? Is he insulin resistant (give me his HOMA-IR)? If his PREVENT risk is 7.5% or higher, what would each of the two risks be if he stopped smoking, and how many percentage points lower is that?',
  reference: {
    calls: [
      { id: 'scr', tool: 'math.division', args: { numerator: 97, denominator: 88.4 } },
      { id: 'tc', tool: 'math.multiply', args: { firstNumber: 6.2, SecondNumber: 38.67 } },
      { id: 'hdl', tool: 'math.multiply', args: { firstNumber: 1.0, SecondNumber: 38.67 } },
      { id: 'glucose', tool: 'math.multiply', args: { firstNumber: 6.1, SecondNumber: 18 } },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.1, age: 58, male: true }, after: ['scr'] },
      {
        id: 'framingham',
        tool: 'medical-calculator.framingham_risk_score',
        args: {
          age: 58,
          total_cholesterol: 239.75,
          hdl_cholesterol: 38.67,
          systolic_bp: 148,
          treated_for_bp: false,
          smoker: true,
          gender: 'male',
        },
        after: ['tc', 'hdl'],
      },
      { id: 'homa', tool: 'medical-calculator.homa_ir', args: { fasting_insulin: 18, fasting_glucose: 109.8 }, after: ['glucose'] },
      {
        id: 'prevent',
        tool: 'medical-calculator.prevent_cvd_risk',
        args: {
          age: 58,
          female: false,
          tc: 6.2,
          hdl: 1.0,
          sbp: 148,
          diabetes: false,
          current_smoker: true,
          egfr: 77.8,
          using_antihtn: false,
          using_statins: false,
        },
        after: ['egfr'],
      },
      {
        id: 'prevent-quit',
        tool: 'medical-calculator.prevent_cvd_risk',
        args: {
          age: 58,
          female: false,
          tc: 6.2,
          hdl: 1.0,
          sbp: 148,
          diabetes: false,
          current_smoker: false,
          egfr: 77.8,
          using_antihtn: false,
          using_statins: false,
        },
        after: ['prevent'],
      },
      {
        id: 'framingham-quit',
        tool: 'medical-calculator.framingham_risk_score',
        args: {
          age: 58,
          total_cholesterol: 239.75,
          hdl_cholesterol: 38.67,
          systolic_bp: 148,
          treated_for_bp: false,
          smoker: false,
          gender: 'male',
        },
        after: ['prevent'],
      },
      { id: 'gain-prevent', tool: 'math.subtract', args: { minuend: 12.9, subtrahend: 8.9 }, after: ['prevent-quit'] },
      {
        id: 'gain-framingham',
        tool: 'math.subtract',
        args: { minuend: 24.01, subtrahend: 14.66 },
        after: ['framingham-quit', 'framingham'],
      },
    ],
    answer:
      'Converted: creatinine 1.10 mg/dL, total cholesterol 239.75 mg/dL, HDL 38.67 mg/dL, glucose 109.8 mg/dL. His CKD-EPI eGFR is 77.8 mL/min/1.73m² (G2). Framingham gives a 24.01% 10-year risk of MI or coronary death; PREVENT gives a 12.9% 10-year CVD risk (intermediate). HOMA-IR is 4.88, which suggests insulin resistance. PREVENT is above 7.5%, so as a non-smoker: PREVENT 8.9% (4 points lower) and Framingham 14.66% (9.35 points lower).',
    facts: [
      { value: '77.8', goal: 'kidneys' },
      { value: '24.01', goal: 'risk' },
      { value: '12.9', goal: 'risk' },
      { value: '4.88', goal: 'insulin' },
      { value: '8.9', goal: 'quitting' },
      { value: '14.66', goal: 'quitting' },
      { value: '9.35', goal: 'quitting' },
    ],
  },
})

mcpTask('hard/medical-calculator+math/opioid-rotation', {
  servers: ['medical-calculator', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 6,
  prompt:
    'A patient takes oxycodone 15 mg four times a day, hydromorphone 4 mg three times a day and tramadol 50 mg four times a day. Compute the MME of each and their total with the math tools, and the MME of a 25 mcg/h fentanyl patch. If the total is 90 MME/day or more, plan a rotation: reduce the total by 25% for incomplete cross-tolerance; compute the oral morphine dose for six doses a day and the fentanyl patch strength that matches the reduced total (reduced total ÷ MME of the 25 mcg/h patch × 25). Check both with the MME calculator. Report each MME, the total, the reduced target, the morphine dose and the patch strength with their checks.',
  fuzzy:
    'Pain clinic: my patient takes oxycodone 15 mg four times a day, hydromorphone 4 mg three times a day and tramadol 50 mg four times a day. What is the daily morphine milligram equivalent of each and in total? If that is 90 or more, we want to rotate him: cut the total by a quarter for incomplete cross-tolerance, and tell me what oral morphine dose, taken six times a day, and what strength of fentanyl patch would match the reduced amount. Please double-check both suggestions.',
  reference: {
    calls: [
      { id: 'oxy', tool: 'medical-calculator.calculate_mme', args: { opioid: 'oxycodone', dose_per_administration: 15, doses_per_day: 4 } },
      {
        id: 'hydro',
        tool: 'medical-calculator.calculate_mme',
        args: { opioid: 'hydromorphone', dose_per_administration: 4, doses_per_day: 3 },
      },
      { id: 'tram', tool: 'medical-calculator.calculate_mme', args: { opioid: 'tramadol', dose_per_administration: 50, doses_per_day: 4 } },
      {
        id: 'patch-25',
        tool: 'medical-calculator.calculate_mme',
        args: { opioid: 'fentanyl_patch', dose_per_administration: 25, doses_per_day: 1 },
      },
      { id: 'total', tool: 'math.sum', args: { numbers: [90, 60, 40] }, after: ['oxy', 'hydro', 'tram'] },
      { id: 'reduced', tool: 'math.multiply', args: { firstNumber: 190, SecondNumber: 0.75 }, after: ['total'] },
      { id: 'morphine-dose', tool: 'math.division', args: { numerator: 142.5, denominator: 6 }, after: ['reduced'] },
      { id: 'patch-ratio', tool: 'math.division', args: { numerator: 142.5, denominator: 60 }, after: ['reduced', 'patch-25'] },
      { id: 'patch-strength', tool: 'math.multiply', args: { firstNumber: 2.375, SecondNumber: 25 }, after: ['patch-ratio'] },
      {
        id: 'check-morphine',
        tool: 'medical-calculator.calculate_mme',
        args: { opioid: 'morphine', dose_per_administration: 23.75, doses_per_day: 6 },
        after: ['morphine-dose'],
      },
      {
        id: 'check-patch',
        tool: 'medical-calculator.calculate_mme',
        args: { opioid: 'fentanyl_patch', dose_per_administration: 59.375, doses_per_day: 1 },
        after: ['patch-strength'],
      },
    ],
    answer:
      'Oxycodone 15 mg × 4 is 90 MME/day, hydromorphone 4 mg × 3 is 60 and tramadol 50 mg × 4 is 40: 190 MME/day in total, above 90, so rotate. Reducing by 25% gives a target of 142.5 MME/day. Oral morphine: 142.5 ÷ 6 = 23.75 mg six times a day, which the calculator confirms as 142.5 MME/day. A 25 mcg/h fentanyl patch is 60 MME/day, so the matching patch is 142.5 ÷ 60 × 25 = 59.375 mcg/h (in practice about 60 mcg/h, e.g. 50 + 12 mcg/h patches), which the calculator also puts at 142.5 MME/day.',
    facts: [
      { value: '60', goal: 'current' },
      { value: '40', goal: 'current' },
      { value: '190', goal: 'current' },
      { value: '142.5', goal: 'target' },
      { value: '23.75', goal: 'morphine' },
      { value: '59.375', goal: 'patch' },
    ],
  },
})

mcpTask('hard/medical-calculator+unit-converter+math/atrial-fibrillation-review', {
  servers: ['medical-calculator', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 4,
  prompt:
    'A 79-year-old woman with atrial fibrillation, hypertension, diabetes and a previous TIA (no heart failure, no vascular disease) weighs 132 lb, is 5 ft 3 in (63 in) tall, has creatinine 115 µmol/L and blood pressure 138/82, and on amiodarone her QT is 440 ms at 96 bpm. Compute CHA₂DS₂-VASc; convert the weight to kg and the creatinine to mg/dL (÷ 88.4); compute MAP, Cockcroft-Gault clearance, CKD-EPI eGFR and ideal/adjusted body weight; compute QTc by Bazett. Bazett over-corrects above 90 bpm, so if its QTc is over 500 ms also compute Fridericia and Framingham and their mean. For apixaban, count the dose-reduction criteria (age ≥ 80, weight ≤ 60 kg, creatinine ≥ 1.5 mg/dL; two or more means 2.5 mg twice daily, else 5 mg), and compute how far her weight is below 60 kg. Report the score and stroke risk, the kidney numbers, the QTc values, the criteria met and the resulting dose.',
  fuzzy:
    'Review for a 79-year-old woman with atrial fibrillation: she has high blood pressure (138/82 today), diabetes and had a TIA, but no heart failure or vascular disease. She weighs 132 lb at 5 ft 3 in, creatinine 115 µmol/L, and on amiodarone her QT is 440 ms at a heart rate of 96. What is her stroke risk score and yearly stroke risk, her mean arterial pressure, her kidney function by Cockcroft-Gault and eGFR, and her QTc? Bazett is unreliable at that heart rate, so if it looks alarming cross-check it with two other formulas and average them. Which apixaban dose-reduction criteria does she meet (age 80+, weight 60 kg or less, creatinine 1.5 mg/dL or more), how close is she to the weight limit, in kg, and which single apixaban dose should she get?',
  reference: {
    calls: [
      {
        id: 'chads',
        tool: 'medical-calculator.chads2_vasc_score',
        args: { age: 79, female: true, chf: false, hypertension: true, stroke_history: true, vascular_disease: false, diabetes: true },
      },
      { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 132, from_unit: 'pound', to_unit: 'kilogram' } },
      { id: 'scr', tool: 'math.division', args: { numerator: 115, denominator: 88.4 } },
      { id: 'map', tool: 'medical-calculator.map_calculator', args: { sbp: 138, dbp: 82 } },
      { id: 'bazett', tool: 'medical-calculator.qtc_calculator', args: { qt_interval: 440, heart_rate: 96 } },
      {
        id: 'crcl',
        tool: 'medical-calculator.crcl_cockcroft_gault',
        args: { age: 79, weight: 59.87, height: 63, scr: 1.3, sex: 'female' },
        after: ['kg', 'scr'],
      },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.3, age: 79, male: false }, after: ['scr'] },
      {
        id: 'weights',
        tool: 'medical-calculator.ibw_abw_calculator',
        args: { weight_kg: 59.87, height_inches: 63, male: false },
        after: ['kg'],
      },
      { id: 'margin', tool: 'math.subtract', args: { minuend: 60, subtrahend: 59.87 }, after: ['kg'] },
      {
        id: 'fridericia',
        tool: 'medical-calculator.qtc_calculator',
        args: { qt_interval: 440, heart_rate: 96, formula: 'fridericia' },
        after: ['bazett'],
      },
      {
        id: 'framingham',
        tool: 'medical-calculator.qtc_calculator',
        args: { qt_interval: 440, heart_rate: 96, formula: 'framingham' },
        after: ['bazett'],
      },
      { id: 'qtc-mean', tool: 'math.mean', args: { numbers: [514.6, 497.8] }, after: ['fridericia', 'framingham'] },
    ],
    answer:
      'CHA₂DS₂-VASc is 7 (age 2, female 1, hypertension 1, TIA 2, diabetes 1): high risk, about 11.2% stroke risk a year, so oral anticoagulation is recommended. MAP is 100.7 mmHg. 132 lb is 59.87 kg and creatinine 115 µmol/L is 1.30 mg/dL. Cockcroft-Gault clearance is 29 mL/min (on her ideal weight, 52.4 kg; adjusted 55.4 kg), and the CKD-EPI eGFR is 41.8 mL/min/1.73m² (G3b). Bazett gives a QTc of 556.6 ms, over 500, so cross-checked: Fridericia 514.6 ms and Framingham 497.8 ms, mean 506.2 ms, still markedly prolonged. Apixaban criteria: age 79 (not yet 80), weight 59.87 kg (at or below 60 kg, by only 0.13 kg) and creatinine 1.30 mg/dL (below 1.5): one criterion, so the standard 5 mg twice daily.',
    facts: [
      { value: '7', goal: 'stroke risk' },
      { value: '11.2%', goal: 'stroke risk' },
      { value: '29', goal: 'kidneys' },
      { value: '41.8', goal: 'kidneys' },
      { value: '556.6', goal: 'qtc' },
      { value: '514.6', goal: 'qtc' },
      { value: '506.2', goal: 'qtc' },
      { value: 0.13, unit: 'kg', goal: 'apixaban' },
      {
        value: '5 mg twice daily',
        anyOf: ['5 mg twice a day', '5 mg BID', '5 mg b.i.d.', '5 mg bd', '5 mg two times a day'],
        forbid: ['2.5 mg'],
        derived: 'one of the three reduction criteria met (weight), fewer than two',
        goal: 'apixaban',
      },
    ],
  },
})

mcpTask('hard/medical-calculator+unit-converter+math/pregnancy-redating', {
  servers: ['medical-calculator', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt:
    "A patient's last menstrual period began 2025-03-03 with 32-day cycles; a dating ultrasound on 2025-05-05 measured 7 weeks 0 days. She weighed 165 lb before pregnancy and is 5 ft 5 in (65 in). Compute the pregnancy dates by LMP (with the cycle length) and by ultrasound. Convert both current gestational ages to days with the math tools (weeks × 7 + days) and take the difference. If they differ by more than 7 days, redate by ultrasound and confirm with the conception-date method using the ultrasound's conception date. Convert weight and height to metric and compute her pre-pregnancy BMI; for her BMI class take the recommended total weight gain (underweight 28–40 lb, normal 25–35, overweight 15–25, obese 11–20) and convert the range to kg. Report both due dates, the discrepancy and the decision, the confirmed due date, gestational age and trimester, the BMI and class, and the weight-gain range in kg.",
  fuzzy:
    "My patient's last period started on 3 March 2025 and her cycles are 32 days long, but the dating scan on 5 May measured 7 weeks exactly. How far along is she by each method and what due date does each give, how many days apart are they, and if it is more than a week which due date should we use? Please double-check that date another way, and tell me which trimester she is in. She weighed 165 lb before pregnancy and is 5 ft 5 in: what was her BMI and its category, and how much weight should she aim to gain, in kilograms?",
  reference: {
    calls: [
      {
        id: 'by-lmp',
        tool: 'medical-calculator.pregnancy_calculator',
        args: { calculation_method: 'lmp', date_value: '2025-03-03', cycle_length: 32 },
      },
      {
        id: 'by-scan',
        tool: 'medical-calculator.pregnancy_calculator',
        args: { calculation_method: 'ultrasound', date_value: '2025-05-05', gestational_age_weeks: 7, gestational_age_days: 0 },
      },
      { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 165, from_unit: 'pound', to_unit: 'kilogram' } },
      { id: 'cm', tool: 'unit-converter.convert_length', args: { value: 65, from_unit: 'inch', to_unit: 'centimeter' } },
      { id: 'lmp-weeks', tool: 'math.multiply', args: { firstNumber: 14, SecondNumber: 7 }, after: ['by-lmp'] },
      { id: 'scan-weeks', tool: 'math.multiply', args: { firstNumber: 12, SecondNumber: 7 }, after: ['by-scan'] },
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 74.84, height: 165.1 }, after: ['kg', 'cm'] },
      { id: 'lmp-days', tool: 'math.add', args: { firstNumber: 98, secondNumber: 2 }, after: ['lmp-weeks'] },
      { id: 'scan-days', tool: 'math.add', args: { firstNumber: 84, secondNumber: 6 }, after: ['scan-weeks'] },
      { id: 'gain-low', tool: 'unit-converter.convert_mass', args: { value: 15, from_unit: 'pound', to_unit: 'kilogram' }, after: ['bmi'] },
      {
        id: 'gain-high',
        tool: 'unit-converter.convert_mass',
        args: { value: 25, from_unit: 'pound', to_unit: 'kilogram' },
        after: ['bmi'],
      },
      { id: 'discrepancy', tool: 'math.subtract', args: { minuend: 100, subtrahend: 90 }, after: ['lmp-days', 'scan-days'] },
      {
        id: 'confirm',
        tool: 'medical-calculator.pregnancy_calculator',
        args: { calculation_method: 'conception', date_value: '2025-03-31' },
        after: ['discrepancy'],
      },
    ],
    answer:
      'By LMP (32-day cycles) she is 14w2d with a due date of 2025-12-12; by the scan she is 12w6d with a due date of 2025-12-22. That is 100 against 90 days, a 10-day discrepancy, more than 7 days, so redate by ultrasound: due 2025-12-22. The conception-date method (conception 2025-03-31) gives the same due date, 2025-12-22, at 12w6d, first trimester, with 190 days to go. Before pregnancy she was 74.84 kg at 165.1 cm: BMI 27.46, overweight, so the recommended gain is 15–25 lb, about 6.8 to 11.3 kg.',
    facts: [
      {
        value: '2025-12-12',
        anyOf: [
          '12 December 2025',
          'December 12, 2025',
          'Dec 12, 2025',
          '12 Dec 2025',
          '12/12/2025',
          '12 December',
          'December 12',
          '12 Dec',
          'Dec 12',
          '12th December',
          'December 12th',
        ],
        goal: 'dating',
      },
      {
        value: '2025-12-22',
        anyOf: [
          '22 December 2025',
          'December 22, 2025',
          'Dec 22, 2025',
          '22 Dec 2025',
          '12/22/2025',
          '22/12/2025',
          '22 December',
          'December 22',
          '22 Dec',
          'Dec 22',
          '22nd December',
          'December 22nd',
        ],
        goal: 'dating',
      },
      { value: '10', goal: 'dating' },
      { value: 'First trimester', anyOf: ['1st trimester'], forbid: ['second trimester', 'third trimester'], goal: 'dating' },
      { value: '27.46', goal: 'weight' },
      { value: 'Overweight', goal: 'weight' },
      { value: '6.8', unit: 'kg', goal: 'weight' },
      { value: '11.3', unit: 'kg', goal: 'weight' },
    ],
  },
})

mcpTask('hard/medical-calculator+unit-converter+math/child-blood-pressure-visit', {
  servers: ['medical-calculator', 'unit-converter', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt:
    'A girl aged 9 years 4 months weighs 61 lb and is 53 in tall; her first blood pressure is 118/76. Convert weight and height to metric. Compute BMI and BSA, her maintenance fluids, and classify the first reading (height in whole cm). If it is not normal, take two more readings, 112/70 and 114/72, average the three systolic and the three diastolic values with the math tools, round both to whole mmHg, and classify the averaged reading; compute its MAP too. Compute the MAP of the first reading as well. Report her metric size, BMI, BSA, fluids, the first classification and MAP, the averages, the final classification with percentiles and the MAP.',
  fuzzy:
    'A 9-year-4-month-old girl, 61 lb and 53 inches tall, came in with a blood pressure of 118/76. Give me her weight and height in metric, her BMI and body surface area, and her hourly and daily maintenance fluids. How does that blood pressure compare with girls her age and height (its class and percentiles), and what mean arterial pressure is it? If it is not normal, she had two more readings, 112/70 and 114/72: average all three, classify the average (with percentiles), and give me the mean arterial pressure for it.',
  reference: {
    calls: [
      { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 61, from_unit: 'pound', to_unit: 'kilogram' } },
      { id: 'cm', tool: 'unit-converter.convert_length', args: { value: 53, from_unit: 'inch', to_unit: 'centimeter' } },
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 27.67, height: 134.62 }, after: ['kg', 'cm'] },
      { id: 'fluids', tool: 'medical-calculator.maintenance_fluids', args: { weight_kg: 27.67 }, after: ['kg'] },
      {
        id: 'first',
        tool: 'medical-calculator.bp_children',
        args: { years: 9, months: 4, height: 135, sex: 'female', systolic: 118, diastolic: 76 },
        after: ['cm'],
      },
      { id: 'first-map', tool: 'medical-calculator.map_calculator', args: { sbp: 118, dbp: 76 } },
      { id: 'mean-systolic', tool: 'math.mean', args: { numbers: [118, 112, 114] }, after: ['first'] },
      { id: 'mean-diastolic', tool: 'math.mean', args: { numbers: [76, 70, 72] }, after: ['first'] },
      { id: 'round-systolic', tool: 'math.round', args: { number: 114.66666666666667 }, after: ['mean-systolic'] },
      { id: 'round-diastolic', tool: 'math.round', args: { number: 72.66666666666667 }, after: ['mean-diastolic'] },
      {
        id: 'averaged',
        tool: 'medical-calculator.bp_children',
        args: { years: 9, months: 4, height: 135, sex: 'female', systolic: 115, diastolic: 73 },
        after: ['round-systolic', 'round-diastolic'],
      },
      { id: 'map', tool: 'medical-calculator.map_calculator', args: { sbp: 115, dbp: 73 }, after: ['round-systolic', 'round-diastolic'] },
    ],
    answer:
      'She weighs 27.67 kg and is 134.62 cm tall (135 cm rounded). BMI 15.27, BSA 1.02 m². Maintenance fluids: 67.67 mL/h, 1624.1 mL a day. The first reading, 118/76, is in the prehypertension range (systolic at the 94.9th and diastolic at the 92.9th percentile), MAP 90 mmHg. Averaging the three readings gives 114.67/72.67, rounded to 115/73 mmHg, which is still prehypertension (90th to <95th percentile): systolic at the 91.1th and diastolic at the 88.4th percentile. Its MAP is 87 mmHg.',
    facts: [
      { value: '27.67', goal: 'size' },
      { value: '134.62', goal: 'size' },
      { value: '15.27', goal: 'size' },
      { value: '67.67', goal: 'fluids' },
      { value: '1624.1', derived: 'the hourly rate 67.67 mL/h × 24', goal: 'fluids' },
      { value: '94.9', goal: 'first reading' },
      { value: '115', goal: 'average' },
      { value: '91.1', goal: 'average' },
      { value: '87', goal: 'average' },
    ],
  },
})
