export { SendPage } from './SendPage';
