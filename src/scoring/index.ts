export * from './formulas.ts'
export * from './aggregate.ts'
export * from './calibration.ts'
