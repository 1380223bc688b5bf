/**
 * Inside a field form (schema `offline`), the e-mail of the person whose device keeps the photos
 * chosen without network; absent elsewhere (a photo then needs the network, as before).
 */
import { createContext, useContext } from 'react';

export const DeviceFilesContext = createContext<string | undefined>(undefined);

export const useDeviceFilesOwner = () => useContext(DeviceFilesContext);
