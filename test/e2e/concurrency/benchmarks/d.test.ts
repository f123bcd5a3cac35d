import { sums } from './tasks.ts'

sums('d')
