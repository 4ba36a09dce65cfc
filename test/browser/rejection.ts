/** What `promise` rejected with, or undefined when it resolved (tests assert on the error itself). */
export async function rejection(promise: Promise<unknown>): Promise<Error | undefined> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  return undefined
}
