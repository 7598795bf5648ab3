export { isPushSupported, turnPushOff, turnPushOn, type PushOutcome } from './push-browser'
