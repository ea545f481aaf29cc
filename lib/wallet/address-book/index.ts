// A user's address book: labels and trust for addresses, shown wherever a wallet answer shows one.
export * from "./schemas";
export * from "./operations";
export { listAddressBook, putAddressBookEntry, deleteAddressBookEntry, loadAddressBook, EMPTY_BOOK, type AddressBookView } from "./manage-address-book";
