export { AddressBookListPage, AddressBookCreatePage, AddressBookEditPage, AddressBookDeletePage } from './pages';
