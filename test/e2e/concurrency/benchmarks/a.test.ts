import { sums } from './tasks.ts'

sums('a')
