import { sums } from './tasks.ts'

sums('c')
