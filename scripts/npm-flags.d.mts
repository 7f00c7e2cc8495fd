export function flagsNpmTook(): string[];
