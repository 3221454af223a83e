/**
 * The default of an injected promise actor: a machine is pure, and the app (or a test) provides
 * the real call. Running one unprovided fails loudly with the machine's and the actor's names.
 */
export const actorNotProvided = (machine: string) => (name: string) => async (): Promise<never> => {
  throw new Error(`${machine}: the "${name}" actor is not provided`)
}
