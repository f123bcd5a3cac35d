throw new Error('this agent module fails as it loads')
export default async function never(): Promise<string> {
  return 'unreachable'
}
