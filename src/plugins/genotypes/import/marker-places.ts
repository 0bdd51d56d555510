/**
 * The map positions a genotype file gives its markers, held as typed arrays: a marker-rows file may name
 * 10^6 markers or more, and an object per place would make the import's memory grow with them (about
 * 100 bytes each) where this keeps 16 bytes per place and one string per chromosome.
 */
export class MarkerPlaces {
  private readonly chromosomeNames: string[] = [];
  private readonly chromosomeIndex = new Map<string, number>();
  private markers = new Int32Array(1024);
  private chromosomes = new Int32Array(1024);
  private values = new Float64Array(1024);
  private count = 0;

  /** How many markers have a place. */
  get size(): number {
    return this.count;
  }

  /** The place of the marker at `marker` (its index in the file's marker order). */
  add(marker: number, chromosome: string, position: number): void {
    if (this.count === this.markers.length) this.grow();
    let index = this.chromosomeIndex.get(chromosome);
    if (index === undefined) {
      index = this.chromosomeNames.length;
      this.chromosomeNames.push(chromosome);
      this.chromosomeIndex.set(chromosome, index);
    }
    this.markers[this.count] = marker;
    this.chromosomes[this.count] = index;
    this.values[this.count] = position;
    this.count += 1;
  }

  /** Places in the order they were added, `size` at a time: the writer turns each batch into rows. */
  *batches(size: number): Generator<{ marker: number; chromosome: string; position: number }[]> {
    for (let start = 0; start < this.count; start += size) {
      const end = Math.min(this.count, start + size);
      const batch: { marker: number; chromosome: string; position: number }[] = [];
      for (let i = start; i < end; i += 1) batch.push({ marker: this.markers[i], chromosome: this.chromosomeNames[this.chromosomes[i]], position: this.values[i] });
      yield batch;
    }
  }

  private grow(): void {
    const length = this.markers.length * 2;
    const markers = new Int32Array(length);
    markers.set(this.markers);
    const chromosomes = new Int32Array(length);
    chromosomes.set(this.chromosomes);
    const values = new Float64Array(length);
    values.set(this.values);
    this.markers = markers;
    this.chromosomes = chromosomes;
    this.values = values;
  }
}
