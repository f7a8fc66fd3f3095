// `Meus dados`: the page lives in its feature; the route only names it.
export { default } from "../../features/my-data/my-data-page";
