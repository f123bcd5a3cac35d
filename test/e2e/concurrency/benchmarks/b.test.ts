import { sums } from './tasks.ts'

sums('b')
