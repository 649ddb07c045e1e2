// Quiet logs unless a run asks for them; individual specs set the rest of their environment.
process.env.LOG_LEVEL ??= 'silent';
