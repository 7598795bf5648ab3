// One file per owning module; drizzle-kit reads this folder to generate migrations.
export * from './settings'
export * from './identity'
export * from './mail'
export * from './accounts'
export * from './deals'
export * from './chat'
export * from './notifications'
export * from './offers'
