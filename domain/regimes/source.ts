/** A page of the authority (or the law itself) a fact was read in: a regime's rate, check or rule, an add-on's. */
export interface Source {
  title: string;
  url: string;
}
