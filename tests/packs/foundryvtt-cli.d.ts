// The two functions of the Foundry CLI the pack tests call (the package ships no types).
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackOptions {
    nedb?: boolean;
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    folders?: boolean;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
