// One file per owning module; drizzle-kit reads this folder to generate migrations.
export * from './settings'
