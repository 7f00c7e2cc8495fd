declare module 'gas-local' {
  const gas: {
    require(
      folder: string,
      globals?: object,
      options?: { filter?: (file: string) => boolean },
    ): Record<string, unknown>;
  };
  export default gas;
}
