/**
 * Group commit: work that arrives while a flush is running waits, and everything that waited goes in the
 * next flush, together. The first arrival on an idle committer goes at once, so a lone request pays no
 * delay; under load, batches that arrive together are written together (bench/autosave). PGlite runs one
 * query at a time, so N requests writing one statement each queue N statements; grouped, they need one.
 *
 * `flush` answers each input in order: a result, or an Error for that input alone.
 */
export class GroupCommitter<In, Out> {
  private waiting: { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly flush: (inputs: In[]) => Promise<(Out | Error)[]>,
    /** At most this many inputs per flush (bounds one statement's size). */
    private readonly maxGroup = 200,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.flushing) void this.drain();
    });
  }

  private async drain() {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, this.maxGroup);
        try {
          const outs = await this.flush(group.map((g) => g.input));
          group.forEach((g, i) => {
            const out = outs[i];
            if (out instanceof Error) g.reject(out);
            else g.resolve(out as Out);
          });
        } catch (err) {
          for (const g of group) g.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
