export * from './common'
export * from './system'
export * from './auth'
export * from './endpoints'
