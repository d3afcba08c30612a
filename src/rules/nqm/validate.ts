// The shared input checks, under the names the NQM modules import.
export { assertCount, assertDie, checkCount, isCount } from "../validate";
