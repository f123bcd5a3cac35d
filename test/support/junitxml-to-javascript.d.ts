// The part of junitxml-to-javascript (which ships no types) that the JUnit consumers' test reads.
declare module 'junitxml-to-javascript' {
  export default class Parser {
    parseXMLString(xml: string): Promise<{ testsuites: Array<{ name: string; testCases: Array<{ name: string; result: string }> }> }>
  }
}
