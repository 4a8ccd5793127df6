import { useState } from 'react';

/** What a graphic-code row holds: the typed answer, and the image's version (a new image when it changes). */
export interface GraphicCodeAnswer {
  value: string;
  setValue: (value: string) => void;
  version: number;
  /** The server spent the code (it does on every check): clear the answer and load a new image. */
  renew: () => void;
}

export function useGraphicCodeAnswer(): GraphicCodeAnswer {
  const [value, setValue] = useState('');
  const [version, setVersion] = useState(0);
  return {
    value,
    setValue,
    version,
    renew: () => {
      setValue('');
      setVersion((current) => current + 1);
    },
  };
}
