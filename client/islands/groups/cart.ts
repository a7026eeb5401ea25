// The cart page's island: a group of its own, the cart page loads no checkout code.
export { default as CartPage } from '../CartPage.tsx';
