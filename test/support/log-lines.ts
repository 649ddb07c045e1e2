/** A pino destination that keeps the app's JSON log lines for a spec to read. */
export class LogLines {
  readonly entries: Record<string, unknown>[] = [];
  readonly raw: string[] = [];

  write(line: string): void {
    this.raw.push(line);
    this.entries.push(JSON.parse(line) as Record<string, unknown>);
  }

  /** The one line written when the request with this id has finished. */
  async requestLine(requestId: string): Promise<Record<string, unknown>> {
    return vi.waitFor(() => {
      const line = this.entries.find((entry) => (entry.req as { id?: string } | undefined)?.id === requestId && 'durationMs' in entry);
      if (!line) throw new Error(`no request line for ${requestId}`);
      return line;
    });
  }
}
