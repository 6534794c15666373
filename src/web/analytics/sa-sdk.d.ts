// sa-sdk-javascript 1.15.18 ships no types: what sdk.ts uses of it.
declare module 'sa-sdk-javascript/sensorsdata.es6.min.js' {
  interface SensorsSdk {
    init(para: Record<string, unknown>): void;
    track(event: string, props?: object): void;
    login(id: string): void;
    quick(name: 'autoTrackSinglePage', props?: object): void;
    /** 1 not started, 2 started, 3 store done (events are sent from 3 on), 4 initialised. */
    readyState: { state: number };
  }
  const sensors: SensorsSdk;
  export default sensors;
}
