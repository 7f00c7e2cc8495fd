/** The service's clock: real time times a scale factor, plus manual advances from tests. */
export class ServiceClock {
  private realStart = Date.now();
  private serviceStart = Date.now();
  private advanced = 0;

  constructor(private scale = 1) {}

  now(): number {
    return this.serviceStart + (Date.now() - this.realStart) * this.scale + this.advanced;
  }

  advance(ms: number): void {
    this.advanced += ms;
  }

  setScale(scale: number): void {
    this.serviceStart = this.now() - this.advanced;
    this.realStart = Date.now();
    this.scale = scale;
  }

  /** Back to the wall's time at `scale`, as a freshly started service would be. */
  reset(scale: number): void {
    this.realStart = Date.now();
    this.serviceStart = this.realStart;
    this.advanced = 0;
    this.scale = scale;
  }

  get timeScale(): number {
    return this.scale;
  }
}
