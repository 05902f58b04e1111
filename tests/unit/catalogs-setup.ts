// Components render in any language: each file starts with every catalog installed.
import { installAllCatalogs } from "./catalogs";

installAllCatalogs();
