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
  prompt: 'A 68-year-old man, 210 lb, 5 ft 10 in (70 in), serum creatinine 168 µmol/L, cystatin C 1.6 mg/L, blood pressure 150/90, with heart failure and insulin-treated diabetes, is booked for intraperitoneal surgery; he takes prednisone 10 mg daily. Convert weight to kg and height to cm, and creatinine to mg/dL (divide by 88.4). Compute MAP, the hydrocortisone equivalent of his prednisone, BMI and BSA, ideal and adjusted body weight, the CKD-EPI creatinine eGFR, the Cockcroft-Gault creatinine clearance, and the RCRI (creatinine over 2 mg/dL only if the converted value is). If the eGFR is below 60, also compute the creatinine-cystatin eGFR and the mean of the two eGFRs. If the BMI is 30 or more, compute maintenance fluids on the adjusted body weight, otherwise on the actual weight. Report every result and the decisions taken.',
  fuzzy: 'Pre-op check for a 68-year-old man: 210 lb, 5 foot 10, creatinine 168 µmol/L and cystatin C 1.6 mg/L, BP 150/90. He has heart failure and insulin-treated diabetes, is going for intraperitoneal surgery and takes prednisone 10 mg a day. What are his BMI and body surface area, his mean arterial pressure, his kidney function (eGFR and Cockcroft-Gault clearance; if the eGFR is under 60 confirm it with cystatin C and give me the average of the two), his cardiac risk index and risk, his stress-dose equivalent in hydrocortisone, and his hourly maintenance fluids (use the adjusted weight if he is obese)?',
  reference: {
    calls: [
      { id: 'kg', tool: 'unit-converter.convert_mass', args: { value: 210, from_unit: 'pound', to_unit: 'kilogram' } },
      { id: 'cm', tool: 'unit-converter.convert_length', args: { value: 70, from_unit: 'inch', to_unit: 'centimeter' } },
      { id: 'scr', tool: 'math.division', args: { numerator: 168, denominator: 88.4 } },
      { id: 'map', tool: 'medical-calculator.map_calculator', args: { sbp: 150, dbp: 90 } },
      { id: 'steroid', tool: 'medical-calculator.steroid_conversion', args: { from_steroid: 'prednisone', from_dose_mg: 10, to_steroid: 'hydrocortisone' } },
      { id: 'bmi', tool: 'medical-calculator.bmi_bsa_calculator', args: { weight: 95.25, height: 177.8 }, after: ['kg', 'cm'] },
      { id: 'weights', tool: 'medical-calculator.ibw_abw_calculator', args: { weight_kg: 95.25, height_inches: 70, male: true }, after: ['kg'] },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.9, age: 68, male: true }, after: ['scr'] },
      { id: 'crcl', tool: 'medical-calculator.crcl_cockcroft_gault', args: { age: 68, weight: 95.25, height: 70, scr: 1.9, sex: 'male' }, after: ['kg', 'scr'] },
      { id: 'rcri', tool: 'medical-calculator.revised_cardiac_risk_index', args: { high_risk_surgery: true, congestive_heart_failure: true, insulin_treatment: true, creatinine_over_2mg: false }, after: ['scr'] },
      { id: 'egfr-cys', tool: 'medical-calculator.egfr_epi_cr_cys', args: { scr: 1.9, scys: 1.6, age: 68, male: true }, after: ['egfr'] },
      { id: 'fluids', tool: 'medical-calculator.maintenance_fluids', args: { weight_kg: 81.9 }, after: ['bmi', 'weights'] },
      { id: 'egfr-mean', tool: 'math.mean', args: { numbers: [37.9, 40.2] }, after: ['egfr', 'egfr-cys'] },
    ],
    answer: '210 lb is 95.25 kg and 70 in is 177.8 cm; creatinine 168 µmol/L is 1.90 mg/dL. MAP is 110 mmHg. BMI 30.13 (obesity class I), BSA 2.17 m². Ideal body weight 73 kg, adjusted 81.9 kg. The CKD-EPI creatinine eGFR is 37.9 mL/min/1.73m² (G3b), below 60, so the creatinine-cystatin eGFR was computed too: 40.2; their mean is 39.05. Cockcroft-Gault creatinine clearance is 43.1 mL/min (on the adjusted weight, 81.9 kg). Creatinine is not over 2 mg/dL, so the RCRI counts high-risk surgery, heart failure and insulin: score 3, class IV, about 15% 30-day risk of MI, cardiac arrest or death. Prednisone 10 mg equals hydrocortisone 40 mg. As he is obese, maintenance fluids use the adjusted weight, 81.9 kg: 121.9 mL/h (2925.6 mL a day).',
    facts: [
      { value: '30.13', goal: 'body size' },
      { value: '2.17', goal: 'body size' },
      { value: '110', goal: 'pressure' },
      { value: '37.9', goal: 'kidneys' },
      { value: '40.2', goal: 'kidneys' },
      { value: '39.05', goal: 'kidneys' },
      { value: '43.1', goal: 'kidneys' },
      { value: 'class IV', derived: 'the RCRI "risk_class": "IV"', goal: 'cardiac risk' },
      { value: '15%', derived: 'the RCRI "risk_percent": 15', goal: 'cardiac risk' },
      { value: 'hydrocortisone 40 mg', derived: 'the steroid conversion\'s equivalent_dose_mg 40 for hydrocortisone', goal: 'steroid' },
      { value: '121.9', goal: 'fluids' },
    ],
  },
})

mcpTask('hard/medical-calculator+math/cirrhosis-in-si-units', {
  servers: ['medical-calculator', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  distractors: 5,
  prompt: 'A 56-year-old woman with cirrhosis: bilirubin 51 µmol/L, creatinine 133 µmol/L, albumin 28 g/L, sodium 128 mmol/L, INR 2.1, glucose 16.5 mmol/L, moderate ascites, grade 1-2 encephalopathy, no dialysis. Convert with the math tools: bilirubin ÷ 17.1, creatinine ÷ 88.4, albumin ÷ 10, glucose × 18. Compute Child-Pugh, MELD 3.0, the CKD-EPI eGFR and the glucose-corrected sodium. If MELD 3.0 is 15 or more, compute it again with the creatinine doubled (acute kidney injury) and with dialysis, and the difference from the current score for each. Report the converted values, class and points, MELD, eGFR, corrected sodium, and the two what-if scores with their increases.',
  fuzzy: 'Transplant clinic question. A 56-year-old woman with cirrhosis has these labs, in SI units: bilirubin 51 µmol/L, creatinine 133 µmol/L, albumin 28 g/L, sodium 128 mmol/L, INR 2.1 and glucose 16.5 mmol/L. She has moderate ascites and mild (grade 1-2) encephalopathy and is not on dialysis. What are her Child-Pugh class and MELD 3.0, her eGFR, and her sodium once corrected for the high glucose? If her MELD is 15 or above, how much would it rise if her creatinine doubled, and if she needed dialysis?',
  reference: {
    calls: [
      { id: 'bili', tool: 'math.division', args: { numerator: 51, denominator: 17.1 } },
      { id: 'creat', tool: 'math.division', args: { numerator: 133, denominator: 88.4 } },
      { id: 'alb', tool: 'math.division', args: { numerator: 28, denominator: 10 } },
      { id: 'glucose', tool: 'math.multiply', args: { firstNumber: 16.5, SecondNumber: 18 } },
      { id: 'pugh', tool: 'medical-calculator.child_pugh_score', args: { bilirubin: 2.98, albumin: 2.8, inr: 2.1, ascites: 'moderate', encephalopathy_grade: 1 }, after: ['bili', 'alb'] },
      { id: 'meld', tool: 'medical-calculator.meld_3', args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 1.5, albumin: 2.8, sodium: 128, dialysis: false }, after: ['bili', 'creat', 'alb'] },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.5, age: 56, male: false }, after: ['creat'] },
      { id: 'sodium', tool: 'medical-calculator.corrected_sodium', args: { measured_sodium: 128, serum_glucose: 297 }, after: ['glucose'] },
      { id: 'meld-aki', tool: 'medical-calculator.meld_3', args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 3, albumin: 2.8, sodium: 128, dialysis: false }, after: ['meld'] },
      { id: 'meld-dialysis', tool: 'medical-calculator.meld_3', args: { age: 56, female: true, bilirubin: 2.98, inr: 2.1, creatinine: 1.5, albumin: 2.8, sodium: 128, dialysis: true }, after: ['meld'] },
      { id: 'rise-aki', tool: 'math.subtract', args: { minuend: 36, subtrahend: 29 }, after: ['meld-aki'] },
      { id: 'rise-dialysis', tool: 'math.subtract', args: { minuend: 36, subtrahend: 29 }, after: ['meld-dialysis'] },
    ],
    answer: 'Converted: bilirubin 2.98 mg/dL, creatinine 1.50 mg/dL, albumin 2.8 g/dL, glucose 297 mg/dL. Child-Pugh score 11, class C. MELD 3.0 is 29 (unrounded 29.37). Her CKD-EPI eGFR is 40.6 mL/min/1.73m² (G3b). Corrected for glucose her sodium is about 131.15 mEq/L (Katz; 132.73 by Hillier). MELD is over 15, so the what-ifs: with creatinine doubled to 3.0 mg/dL, MELD 3.0 rises to 36, and with dialysis also to 36, 7 points higher in each case.',
    facts: [
      { value: '2.98', goal: 'conversions' },
      { value: '297', goal: 'conversions' },
      { value: 'class C', derived: 'the Child-Pugh result\'s "class": "C"', goal: 'liver scores' },
      { value: '29', goal: 'liver scores' },
      { value: '40.6', goal: 'kidneys' },
      { value: '131.15', goal: 'sodium' },
      { value: '36', goal: 'what-if' },
      { value: '7 points', derived: '36 minus 29 from the subtraction', goal: 'what-if' },
    ],
  },
})

mcpTask('hard/medical-calculator+math/cardiovascular-risk-two-ways', {
  servers: ['medical-calculator', 'math'],
  tier: 'hard',
  category: 'multi-server/sequential',
  prompt: 'A 58-year-old man who smokes: total cholesterol 6.2 mmol/L, HDL 1.0 mmol/L, systolic BP 148 untreated, no diabetes, creatinine 97 µmol/L, fasting insulin 18 µIU/mL, fasting glucose 6.1 mmol/L. Convert creatinine to mg/dL (÷ 88.4), cholesterol values to mg/dL (× 38.67) and glucose to mg/dL (× 18) with the math tools. Compute the CKD-EPI eGFR, the Framingham 10-year risk (mg/dL values), HOMA-IR and then the AHA PREVENT 10-year CVD risk (mmol/L values and the eGFR). If the PREVENT risk is 7.5% or more, compute both scores again as a non-smoker and the risk reduction of each. Report all values, the two risks, the insulin-resistance reading, and the gains from quitting.',
  fuzzy: 'My patient is a 58-year-old man who smokes. Cholesterol 6.2 mmol/L total and HDL 1.0, systolic pressure 148 without treatment, no diabetes, creatinine 97 µmol/L, fasting insulin 18 and fasting glucose 6.1 mmol/L. What is his 10-year risk by the old Framingham score and by the newer PREVENT equations, and what is his kidney function? Is he insulin resistant? If his PREVENT risk is 7.5% or higher, how much would each of the two risks fall if he stopped smoking?',
  reference: {
    calls: [
      { id: 'scr', tool: 'math.division', args: { numerator: 97, denominator: 88.4 } },
      { id: 'tc', tool: 'math.multiply', args: { firstNumber: 6.2, SecondNumber: 38.67 } },
      { id: 'hdl', tool: 'math.multiply', args: { firstNumber: 1.0, SecondNumber: 38.67 } },
      { id: 'glucose', tool: 'math.multiply', args: { firstNumber: 6.1, SecondNumber: 18 } },
      { id: 'egfr', tool: 'medical-calculator.egfr_epi', args: { scr: 1.1, age: 58, male: true }, after: ['scr'] },
      { id: 'framingham', tool: 'medical-calculator.framingham_risk_score', args: { age: 58, total_cholesterol: 239.75, hdl_cholesterol: 38.67, systolic_bp: 148, treated_for_bp: false, smoker: true, gender: 'male' }, after: ['tc', 'hdl'] },
      { id: 'homa', tool: 'medical-calculator.homa_ir', args: { fasting_insulin: 18, fasting_glucose: 109.8 }, after: ['glucose'] },
      { id: 'prevent', tool: 'medical-calculator.prevent_cvd_risk', args: { age: 58, female: false, tc: 6.2, hdl: 1.0, sbp: 148, diabetes: false, current_smoker: true, egfr: 77.8, using_antihtn: false, using_statins: false }, after: ['egfr'] },
      { id: 'prevent-quit', tool: 'medical-calculator.prevent_cvd_risk', args: { age: 58, female: false, tc: 6.2, hdl: 1.0, sbp: 148, diabetes: false, current_smoker: false, egfr: 77.8, using_antihtn: false, using_statins: false }, after: ['prevent'] },
      { id: 'framingham-quit', tool: 'medical-calculator.framingham_risk_score', args: { age: 58, total_cholesterol: 239.75, hdl_cholesterol: 38.67, systolic_bp: 148, treated_for_bp: false, smoker: false, gender: 'male' }, after: ['prevent'] },
      { id: 'gain-prevent', tool: 'math.subtract', args: { minuend: 12.9, subtrahend: 8.9 }, after: ['prevent-quit'] },
      { id: 'gain-framingham', tool: 'math.subtract', args: { minuend: 24.01, subtrahend: 14.66 }, after: ['framingham-quit', 'framingham'] },
    ],
    answer: 'Converted: creatinine 1.10 mg/dL, total cholesterol 239.75 mg/dL, HDL 38.67 mg/dL, glucose 109.8 mg/dL. His CKD-EPI eGFR is 77.8 mL/min/1.73m² (G2). Framingham gives a 24.01% 10-year risk of MI or coronary death; PREVENT gives a 12.9% 10-year CVD risk (intermediate). HOMA-IR is 4.88, which suggests insulin resistance. PREVENT is above 7.5%, so as a non-smoker: PREVENT 8.9% (4 points lower) and Framingham 14.66% (9.35 points lower).',
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
  prompt: 'A patient takes oxycodone 15 mg four times a day, hydromorphone 4 mg three times a day and tramadol 50 mg four times a day. Compute the MME of each and their total with the math tools, and the MME of a 25 mcg/h fentanyl patch. If the total is 90 MME/day or more, plan a rotation: reduce the total by 25% for incomplete cross-tolerance; compute the oral morphine dose for six doses a day and the fentanyl patch strength that matches the reduced total (reduced total ÷ MME of the 25 mcg/h patch × 25). Check both with the MME calculator. Report each MME, the total, the reduced target, the morphine dose and the patch strength with their checks.',
  fuzzy: 'Pain clinic: my patient takes oxycodone 15 mg four times a day, hydromorphone 4 mg three times a day and tramadol 50 mg four times a day. What is the daily morphine milligram equivalent of each and in total? If that is 90 or more, we want to rotate him: cut the total by a quarter for incomplete cross-tolerance, and tell me what oral morphine dose, taken six times a day, and what strength of fentanyl patch would match the reduced amount. Please double-check both suggestions.',
  reference: {
    calls: [
      { id: 'oxy', tool: 'medical-calculator.calculate_mme', args: { opioid: 'oxycodone', dose_per_administration: 15, doses_per_day: 4 } },
      { id: 'hydro', tool: 'medical-calculator.calculate_mme', args: { opioid: 'hydromorphone', dose_per_administration: 4, doses_per_day: 3 } },
      { id: 'tram', tool: 'medical-calculator.calculate_mme', args: { opioid: 'tramadol', dose_per_administration: 50, doses_per_day: 4 } },
      { id: 'patch-25', tool: 'medical-calculator.calculate_mme', args: { opioid: 'fentanyl_patch', dose_per_administration: 25, doses_per_day: 1 } },
      { id: 'total', tool: 'math.sum', args: { numbers: [90, 60, 40] }, after: ['oxy', 'hydro', 'tram'] },
      { id: 'reduced', tool: 'math.multiply', args: { firstNumber: 190, SecondNumber: 0.75 }, after: ['total'] },
      { id: 'morphine-dose', tool: 'math.division', args: { numerator: 142.5, denominator: 6 }, after: ['reduced'] },
      { id: 'patch-ratio', tool: 'math.division', args: { numerator: 142.5, denominator: 60 }, after: ['reduced', 'patch-25'] },
      { id: 'patch-strength', tool: 'math.multiply', args: { firstNumber: 2.375, SecondNumber: 25 }, after: ['patch-ratio'] },
      { id: 'check-morphine', tool: 'medical-calculator.calculate_mme', args: { opioid: 'morphine', dose_per_administration: 23.75, doses_per_day: 6 }, after: ['morphine-dose'] },
      { id: 'check-patch', tool: 'medical-calculator.calculate_mme', args: { opioid: 'fentanyl_patch', dose_per_administration: 59.375, doses_per_day: 1 }, after: ['patch-strength'] },
    ],
    answer: 'Oxycodone 15 mg × 4 is 90 MME/day, hydromorphone 4 mg × 3 is 60 and tramadol 50 mg × 4 is 40: 190 MME/day in total, above 90, so rotate. Reducing by 25% gives a target of 142.5 MME/day. Oral morphine: 142.5 ÷ 6 = 23.75 mg six times a day, which the calculator confirms as 142.5 MME/day. A 25 mcg/h fentanyl patch is 60 MME/day, so the matching patch is 142.5 ÷ 60 × 25 = 59.375 mcg/h (in practice about 60 mcg/h, e.g. 50 + 12 mcg/h patches), which the calculator also puts at 142.5 MME/day.',
    facts: [
      { value: '90', goal: 'current' },
      { value: '40', goal: 'current' },
      { value: '190', goal: 'current' },
      { value: '142.5', goal: 'target' },
      { value: '23.75', goal: 'morphine' },
      { value: '59.375', goal: 'patch' },
    ],
  },
})
