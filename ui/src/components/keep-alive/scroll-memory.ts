/** Window scroll positions of kept-alive pages, so returning to one puts it back where it was. */
const memory = new Map<string, number>();

export const scrollMemory = {
  save(name: string, y: number): void {
    memory.set(name, y);
  },
  get(name: string): number | undefined {
    return memory.get(name);
  },
  forget(name: string): void {
    memory.delete(name);
  },
  clear(): void {
    memory.clear();
  },
};
