// The error a promise rejects with; a test fails when it resolves instead.
export const rejection = async <E = Error>(promise: Promise<unknown>): Promise<E> => {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error("expected a rejection");
};
