import type * as zipcodes from 'zipcodes'

type ZipCodes = typeof zipcodes

let dataset: Promise<ZipCodes> | undefined

/** The ZIP dataset is several MB: read it on the first listing write, not at server start. */
function loadDataset(): Promise<ZipCodes> {
  dataset ??= import('zipcodes').then((module) => ('default' in module ? (module.default as ZipCodes) : module))
  return dataset
}

export type Coordinates = { latitude: number | null; longitude: number | null }

/**
 * The ZIP's centre, offline. Unknown ZIPs, and the military codes the dataset lists at 0,0, give no
 * position rather than a pin in the Gulf of Guinea.
 */
export async function geocodeZip(zipCode: string): Promise<Coordinates> {
  const found = (await loadDataset()).lookup(zipCode)
  if (!found || (found.latitude === 0 && found.longitude === 0)) return { latitude: null, longitude: null }
  return { latitude: Number(found.latitude), longitude: Number(found.longitude) }
}
